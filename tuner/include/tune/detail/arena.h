#pragma once
// Harness-owned fixture memory: 64-byte aligned buffers whose base addresses are staggered
// across cache sets, so rows neither win nor lose on where an allocator happened to put the
// inputs; deterministic contents; a snapshot to restore for in-place kernels. C++17.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <type_traits>
#include <vector>

namespace tune::detail {

class arena {
 public:
  explicit arena(std::uint64_t seed) : state_(seed ? seed : 0x9e3779b97f4a7c15ull) {}
  arena(const arena&) = delete;
  arena& operator=(const arena&) = delete;
  ~arena() {
    for (auto& b : blocks_) ::operator delete(b.base, std::align_val_t(page));
  }

  // Buffer k starts (k*3 mod 16 + 1) cache lines past a page boundary: aligned to 64 bytes,
  // never 4 KiB-aliased with its neighbours.
  void* allocate(std::size_t bytes) {
    const std::size_t offset = ((blocks_.size() * 3) % 16 + 1) * line;
    void* base = ::operator new(offset + bytes + line, std::align_val_t(page));
    blocks_.push_back({base, static_cast<unsigned char*>(base) + offset, bytes, {}});
    return blocks_.back().data;
  }

  template <class T>
  void fill_random(T* p, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
      const std::uint64_t r = next();
      if constexpr (std::is_floating_point<T>::value) {
        p[i] = static_cast<T>(static_cast<double>(r >> 11) * 0x1.0p-52 - 1.0);  // [-1, 1)
      } else if constexpr (std::is_same<T, bool>::value) {
        p[i] = (r >> 63) != 0;  // false or true
      } else if constexpr (std::is_unsigned<T>::value) {
        p[i] = static_cast<T>(r % 101);  // [0, 100]
      } else {
        p[i] = static_cast<T>(static_cast<std::int64_t>(r % 201) - 100);  // [-100, 100]
      }
    }
  }

  // Remembers every buffer's current content (the harness calls it once the fixture has set up).
  void snapshot() {
    for (auto& b : blocks_) b.pristine.assign(b.data, b.data + b.bytes);
  }

  void restore() {
    for (auto& b : blocks_)
      if (!b.pristine.empty()) std::memcpy(b.data, b.pristine.data(), b.bytes);
  }

 private:
  static constexpr std::size_t line = 64;
  static constexpr std::size_t page = 4096;

  struct block {
    void* base;
    unsigned char* data;
    std::size_t bytes;
    std::vector<unsigned char> pristine;
  };

  std::uint64_t next() {  // splitmix64: the same inputs on every compiler and library
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }

  std::uint64_t state_;
  std::vector<block> blocks_;
};

}  // namespace tune::detail
