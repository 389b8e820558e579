// Input and output shared by the benchmark's C++ drivers (lemon.cpp, boost.cpp).
//
// A driver answers the same question as one of bipartite-game's commands, on
// the same text, and prints the same bytes, so that benchmarks/table.py can
// compare whole processes byte for byte:
//
//   graph      the edge-list text `bipartite-game graph` reads, for integer
//              labels only (canonical decimals: no sign, no leading zero, at
//              most 18 digits; '#' comments, blank lines, lone labels, loops
//              and repeats as our parser takes them).  Vertices are numbered
//              in order of first appearance; the output is `LABEL first` or
//              `LABEL second` per vertex in that order.
//   king-maze  the maze text of `bipartite-game maze --moves king` (clean:
//              the header `N M`, then N rows of M cells '.' or '#').  The
//              graph joins open cells a king's move apart; the output is `WIN`
//              and the losing cells `row col` (1-based, row-major), or `LOSE`.
//
// Either way the losing starts are the vertices some maximum matching misses:
// the set D (EVEN) of the Gallai–Edmonds decomposition, which every engine
// gives after its maximum matching.  Timings go to stderr as one line
//   @phases read R build B match M write W size S
// (seconds; M is the median of --repeat runs of the matching and the
// decomposition; S the matching's size).  Bad input: a message, exit 2.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unordered_map>
#include <vector>

#include <sys/stat.h>

namespace drivers {

[[noreturn]] inline void fail(const std::string& message) {
    std::fprintf(stderr, "driver: error: %s\n", message.c_str());
    std::exit(2);
}

inline double now() {
    using clock = std::chrono::steady_clock;
    return std::chrono::duration<double>(clock::now().time_since_epoch()).count();
}

inline std::vector<char> read_stdin() {
    std::vector<char> data;
    std::size_t size = 0;
    struct stat file;  // a file: read it in one piece, no regrowth
    bool regular = fstat(0, &file) == 0 && S_ISREG(file.st_mode);
    data.resize(regular ? static_cast<std::size_t>(file.st_size) + 1 : 1 << 20);
    for (;;) {
        std::size_t got = std::fread(data.data() + size, 1, data.size() - size, stdin);
        size += got;
        if (got == 0) break;
        if (size == data.size()) data.resize(data.size() * 2);
    }
    data.resize(size);
    data.push_back('\n');  // a sentinel: every line ends
    return data;
}

// The graph to solve: n vertices, edges (u[i], v[i]), loops left out.
struct Graph {
    int n = 0;
    std::vector<int> u, v;
};

// What the output needs besides the losing set.
struct Input {
    Graph graph;
    bool maze = false;
    std::vector<std::int64_t> labels;  // graph: each vertex's label
    std::vector<std::int64_t> cells;   // maze: each vertex's row * cols + col
    std::int64_t cols = 0;
};

inline bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

// Numbers labels in order of first appearance: a direct table for the small
// labels every benchmark input has, a hash map past it.
class Numbering {
  public:
    int id(std::int64_t label, std::vector<std::int64_t>& labels) {
        if (label < kDirect) {
            if (label >= static_cast<std::int64_t>(direct_.size()))
                direct_.resize(std::max<std::size_t>(label + 1, direct_.size() * 2), -1);
            int& slot = direct_[label];
            if (slot < 0) {
                slot = static_cast<int>(labels.size());
                labels.push_back(label);
            }
            return slot;
        }
        auto found = far_.emplace(label, static_cast<int>(labels.size()));
        if (found.second) labels.push_back(label);
        return found.first->second;
    }

  private:
    static constexpr std::int64_t kDirect = std::int64_t{1} << 27;
    std::vector<int> direct_;
    std::unordered_map<std::int64_t, int> far_;
};

inline Input read_edge_list(const std::vector<char>& data) {
    Input input;
    Numbering numbering;
    input.graph.u.reserve(data.size() / 12);  // about a line's length: few regrowths
    input.graph.v.reserve(data.size() / 12);
    const char* p = data.data();
    const char* end = p + data.size();
    long line = 1;
    while (p < end) {
        std::int64_t token[3];
        int count = 0;
        while (*p != '\n') {
            if (is_space(*p)) { ++p; continue; }
            if (*p == '#') { while (*p != '\n') ++p; break; }
            const char* start = p;
            std::int64_t value = 0;
            while (*p >= '0' && *p <= '9') value = value * 10 + (*p++ - '0');
            std::size_t length = p - start;
            if (length == 0 || (*p != '\n' && !is_space(*p) && *p != '#') || length > 18 ||
                (start[0] == '0' && length > 1))
                fail("line " + std::to_string(line) + ": only integer labels are read here");
            if (count == 2) fail("line " + std::to_string(line) + ": more than two tokens");
            token[count++] = value;
        }
        ++p;
        ++line;
        if (count == 0) continue;
        int a = numbering.id(token[0], input.labels);
        if (count == 2) {
            int b = numbering.id(token[1], input.labels);
            if (a != b) {
                input.graph.u.push_back(a);
                input.graph.v.push_back(b);
            }
        }
    }
    if (input.labels.empty()) fail("no vertices: the edge list is empty");
    input.graph.n = static_cast<int>(input.labels.size());
    return input;
}

inline Input read_king_maze(const std::vector<char>& data) {
    Input input;
    input.maze = true;
    const char* p = data.data();
    const char* end = p + data.size();
    auto number = [&]() {
        while (p < end && (is_space(*p) || *p == '\n')) ++p;
        std::int64_t value = 0;
        if (p == end || *p < '0' || *p > '9') fail("a bad header");
        while (*p >= '0' && *p <= '9') value = value * 10 + (*p++ - '0');
        return value;
    };
    std::int64_t rows = number(), cols = number();
    input.cols = cols;
    std::vector<int> id(rows * cols, -1);
    for (std::int64_t i = 0; i < rows; ++i) {
        while (p < end && (is_space(*p) || *p == '\n')) ++p;
        if (end - p < cols) fail("too few rows");
        for (std::int64_t j = 0; j < cols; ++j, ++p) {
            if (*p == '.') {
                id[i * cols + j] = static_cast<int>(input.cells.size());
                input.cells.push_back(i * cols + j);
            } else if (*p != '#') {
                fail("row " + std::to_string(i + 1) + ": a cell is neither '.' nor '#'");
            }
        }
    }
    Graph& g = input.graph;
    g.n = static_cast<int>(input.cells.size());
    g.u.reserve(4 * static_cast<std::size_t>(g.n));
    g.v.reserve(4 * static_cast<std::size_t>(g.n));
    const int di[4] = {0, 1, 1, 1}, dj[4] = {1, -1, 0, 1};  // each king step once
    for (std::int64_t i = 0; i < rows; ++i)
        for (std::int64_t j = 0; j < cols; ++j) {
            int a = id[i * cols + j];
            if (a < 0) continue;
            for (int k = 0; k < 4; ++k) {
                std::int64_t y = i + di[k], x = j + dj[k];
                if (y >= rows || x < 0 || x >= cols) continue;
                int b = id[y * cols + x];
                if (b >= 0) {
                    g.u.push_back(a);
                    g.v.push_back(b);
                }
            }
        }
    return input;
}

inline Input read_input(const std::string& mode) {
    std::vector<char> data = read_stdin();
    if (mode == "graph") return read_edge_list(data);
    if (mode == "king-maze") return read_king_maze(data);
    fail("unknown mode " + mode + " (graph or king-maze)");
}

inline char* put_number(char* out, std::int64_t value) {
    char digits[20];
    int k = 0;
    do { digits[k++] = static_cast<char>('0' + value % 10); value /= 10; } while (value);
    while (k) *out++ = digits[--k];
    return out;
}

// Prints the answer, given losing[v] (v in D) for every vertex.
inline void write_answer(const Input& input, const std::vector<char>& losing) {
    std::vector<char> text;
    std::size_t n = losing.size();
    text.resize(n * 28 + 8);
    char* out = text.data();
    if (input.maze) {
        std::size_t count = 0;
        out += std::sprintf(out, "WIN\n");
        for (std::size_t v = 0; v < n; ++v) {
            if (!losing[v]) continue;
            ++count;
            out = put_number(out, input.cells[v] / input.cols + 1);
            *out++ = ' ';
            out = put_number(out, input.cells[v] % input.cols + 1);
            *out++ = '\n';
        }
        if (count == 0) out = text.data() + std::sprintf(text.data(), "LOSE\n");
    } else {
        for (std::size_t v = 0; v < n; ++v) {
            out = put_number(out, input.labels[v]);
            const char* verdict = losing[v] ? " second\n" : " first\n";
            std::size_t length = std::strlen(verdict);
            std::memcpy(out, verdict, length);
            out += length;
        }
    }
    std::fwrite(text.data(), 1, out - text.data(), stdout);
}

inline int repeats(int argc, char** argv) {
    for (int i = 2; i + 1 < argc; ++i)
        if (std::string(argv[i]) == "--repeat") return std::max(1, std::atoi(argv[i + 1]));
    return 1;
}

inline double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    std::size_t k = values.size();
    return k % 2 ? values[k / 2] : (values[k / 2 - 1] + values[k / 2]) / 2;
}

}  // namespace drivers
