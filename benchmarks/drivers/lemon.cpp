// LEMON's MaxMatching on the text of `bipartite-game graph` or
// `bipartite-game maze --moves king`, printing the same answer (see io.hpp).
//
// usage: lemon graph|king-maze [--repeat N] < input
// Built by benchmarks/table.py: g++ -O2 (Debian package liblemon-dev).
#include <lemon/matching.h>
#include <lemon/smart_graph.h>

#include "io.hpp"

int main(int argc, char** argv) {
    if (argc < 2) drivers::fail("usage: lemon graph|king-maze [--repeat N] < input");
    double t0 = drivers::now();
    drivers::Input input = drivers::read_input(argv[1]);
    double t1 = drivers::now();
    const drivers::Graph& edges = input.graph;
    lemon::SmartGraph g;
    g.reserveNode(edges.n);
    g.reserveEdge(static_cast<int>(edges.u.size()));
    for (int i = 0; i < edges.n; ++i) g.addNode();
    for (std::size_t i = 0; i < edges.u.size(); ++i)
        g.addEdge(g.nodeFromId(edges.u[i]), g.nodeFromId(edges.v[i]));
    double t2 = drivers::now();
    std::vector<double> times;
    std::vector<char> losing(edges.n);
    int size = 0;
    for (int r = drivers::repeats(argc, argv); r > 0; --r) {
        double start = drivers::now();
        lemon::MaxMatching<lemon::SmartGraph> matching(g);
        matching.run();
        for (int v = 0; v < edges.n; ++v)
            losing[v] = matching.status(g.nodeFromId(v)) == matching.EVEN;
        times.push_back(drivers::now() - start);
        size = matching.matchingSize();
    }
    double t3 = drivers::now();
    drivers::write_answer(input, losing);
    std::fflush(stdout);
    double t4 = drivers::now();
    std::fprintf(stderr, "@phases read %.6f build %.6f match %.6f write %.6f size %d\n", t1 - t0,
                 t2 - t1, drivers::median(times), t4 - t3, size);
    return 0;
}
