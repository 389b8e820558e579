// The Boost Graph Library's edmonds_maximum_cardinality_matching on the text
// of `bipartite-game graph` or `maze --moves king`, same answer (see io.hpp).
//
// The losing set D is read from one more search of Boost's augmenting-path
// finder on the maximum matching: it finds no path, and the vertices its
// alternating forest leaves EVEN (blossoms taking their base's state) are
// exactly D, as Boost's own verifier uses them.
//
// usage: boost graph|king-maze [--repeat N] < input
// Built by benchmarks/table.py: g++ -O2 (Debian package libboost-graph-dev).
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/max_cardinality_matching.hpp>

#include "io.hpp"

using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS>;
using Vertex = boost::graph_traits<Graph>::vertex_descriptor;

int main(int argc, char** argv) {
    if (argc < 2) drivers::fail("usage: boost graph|king-maze [--repeat N] < input");
    double t0 = drivers::now();
    drivers::Input input = drivers::read_input(argv[1]);
    double t1 = drivers::now();
    const drivers::Graph& edges = input.graph;
    Graph g(edges.n);
    for (std::size_t i = 0; i < edges.u.size(); ++i) boost::add_edge(edges.u[i], edges.v[i], g);
    double t2 = drivers::now();
    std::vector<double> times;
    std::vector<char> losing(edges.n);
    std::vector<Vertex> mate(edges.n);
    std::vector<int> state(edges.n);
    int size = 0;
    for (int r = drivers::repeats(argc, argv); r > 0; --r) {
        double start = drivers::now();
        boost::edmonds_maximum_cardinality_matching(g, mate.data());
        auto index = boost::get(boost::vertex_index, g);
        boost::edmonds_augmenting_path_finder<Graph, Vertex*, decltype(index)> search(
            g, mate.data(), index);
        if (search.augment_matching()) drivers::fail("Boost's matching is not maximum");
        search.get_vertex_state_map(state.data());
        for (int v = 0; v < edges.n; ++v) losing[v] = state[v] == boost::graph::detail::V_EVEN;
        times.push_back(drivers::now() - start);
        size = static_cast<int>(boost::matching_size(g, mate.data()));
    }
    double t3 = drivers::now();
    drivers::write_answer(input, losing);
    std::fflush(stdout);
    double t4 = drivers::now();
    std::fprintf(stderr, "@phases read %.6f build %.6f match %.6f write %.6f size %d\n", t1 - t0,
                 t2 - t1, drivers::median(times), t4 - t3, size);
    return 0;
}
