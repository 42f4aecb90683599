#pragma once
// SHA-256 content hashes (OpenSSL's libcrypto does the hashing).
#include <filesystem>
#include <string>
#include <string_view>

namespace tune::util {

// Lower-case hex digest of `data`.
std::string sha256_hex(std::string_view data);

// Lower-case hex digest of a file's bytes; throws std::runtime_error naming the path on I/O failure.
std::string sha256_file(const std::filesystem::path& path);

// Incremental hashing for hashes over several inputs (impl_hash, plan identities).
class sha256 {
 public:
  sha256();
  ~sha256();
  sha256(const sha256&) = delete;
  sha256& operator=(const sha256&) = delete;
  sha256& update(std::string_view data);
  // Hashes a length-prefixed field, so ("ab","c") and ("a","bc") differ.
  sha256& field(std::string_view data);
  std::string hex();  // finishes; the object is then spent

 private:
  void* ctx_;
};

}  // namespace tune::util
