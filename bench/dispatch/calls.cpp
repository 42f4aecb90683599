// Nanoseconds per call of the tiny families: a direct call of the row the stamp chose against the
// public name, in one process, interleaved round by round (median of the rounds). Built twice: as
// a stamped binary (the public names are an inline forwarder and a shape dispatcher) and as a
// DISPATCH binary (bound at load time). Prints one line per measurement:
//   call <binary> <what> <median ns/call> <ratio to the direct call>
#include <tune/kernels/tiny.h>
#include <tune/kernels/tiny_shaped.h>
#include <tune/status.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

// Every row, for the direct calls (the stamp header declares only the rows it calls).
unsigned tiny__k1(unsigned x);
unsigned tiny__k3(unsigned x);
unsigned tiny_shaped__k1(unsigned x);
unsigned tiny_shaped__k3(unsigned x);

namespace {

// Calls `f` on `count` arguments from `base` up; the sum is consumed so no call is dropped.
template <class F>
double ns_per_call(F f, unsigned base, unsigned count) {
  unsigned sum = 0;
  const auto start = std::chrono::steady_clock::now();
  for (unsigned i = 0; i < count; ++i) {
    unsigned x = base + (i & 63u);
    __asm__ volatile("" : "+r"(x));
    sum += f(x);
  }
  const auto stop = std::chrono::steady_clock::now();
  __asm__ volatile("" : : "r"(sum));
  return std::chrono::duration<double, std::nano>(stop - start).count() / count;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// A direct call of the row a seat runs (by its status line): the baseline, no pointer involved.
double direct_ns(const std::string& seat, unsigned base, unsigned count) {
  for (const auto& s : tune::status())
    if (s.name == seat) {
      const bool k3 = s.suffix == "k3";
      if (seat == "tiny")
        return k3 ? ns_per_call([](unsigned x) { return tiny__k3(x); }, base, count)
                  : ns_per_call([](unsigned x) { return tiny__k1(x); }, base, count);
      return k3 ? ns_per_call([](unsigned x) { return tiny_shaped__k3(x); }, base, count)
                : ns_per_call([](unsigned x) { return tiny_shaped__k1(x); }, base, count);
    }
  std::fprintf(stderr, "no status row for %s\n", seat.c_str());
  std::exit(2);
}

}  // namespace

int main(int argc, char** argv) {
  const char* binary = argc > 1 ? argv[1] : "?";
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 21;
  const unsigned count = 2'000'000;
  struct measured {
    const char* what;
    const char* seat;
    unsigned base;
    std::vector<double> direct, name;
  };
  // tiny and tiny_shaped have the same rows (tiny.cpp); the direct call is the row the seat runs.
  std::vector<measured> m = {{"tiny (no shapes)", "tiny", 7, {}, {}},
                             {"tiny_shaped, small", "tiny_shaped@small", 7, {}, {}},
                             {"tiny_shaped, medium", "tiny_shaped@medium", 5000, {}, {}},
                             {"tiny_shaped, large", "tiny_shaped@large", 200000, {}, {}}};
  for (int r = 0; r < rounds; ++r)
    for (auto& e : m) {
      e.direct.push_back(direct_ns(e.seat, e.base, count));
      if (std::strcmp(e.seat, "tiny") != 0)
        e.name.push_back(ns_per_call([](unsigned x) { return tiny_shaped(x); }, e.base, count));
      else
        e.name.push_back(ns_per_call([](unsigned x) { return tiny(x); }, e.base, count));
    }
  for (const auto& e : m) {
    const double direct = median(e.direct), name = median(e.name);
    std::printf("call %s %s|%.3f|%.3f|%.2f\n", binary, e.what, direct, name, name / direct);
  }
  for (const auto& s : tune::status())
    std::printf("status %s %s %s %s\n", binary, s.name.c_str(), s.suffix.c_str(), s.source.c_str());
}
