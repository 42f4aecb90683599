#include "util/sha256.h"

#include <openssl/evp.h>

#include <array>
#include <cerrno>
#include <stdexcept>
#include <system_error>

#include "util/atomic_file.h"

namespace tune::util {

namespace {

EVP_MD_CTX* context(void* ctx) { return static_cast<EVP_MD_CTX*>(ctx); }

std::string to_hex(const unsigned char* bytes, unsigned size) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string hex;
  hex.reserve(size * 2);
  for (unsigned i = 0; i < size; ++i) {
    hex.push_back(digits[bytes[i] >> 4]);
    hex.push_back(digits[bytes[i] & 0xf]);
  }
  return hex;
}

void check(int ok, const char* what) {
  if (ok != 1) throw std::runtime_error(std::string("OpenSSL SHA-256 failed in ") + what);
}

}  // namespace

sha256::sha256() : ctx_(EVP_MD_CTX_new()) {
  if (!ctx_) throw std::runtime_error("OpenSSL could not allocate a SHA-256 context");
  if (EVP_DigestInit_ex(context(ctx_), EVP_sha256(), nullptr) != 1) {
    EVP_MD_CTX_free(context(ctx_));
    throw std::runtime_error("OpenSSL SHA-256 failed in EVP_DigestInit_ex");
  }
}

sha256::~sha256() { EVP_MD_CTX_free(context(ctx_)); }

sha256& sha256::update(std::string_view data) {
  check(EVP_DigestUpdate(context(ctx_), data.data(), data.size()), "EVP_DigestUpdate");
  return *this;
}

// Netstring-style "<decimal length>:<bytes>".
sha256& sha256::field(std::string_view data) {
  update(std::to_string(data.size()));
  update(":");
  return update(data);
}

std::string sha256::hex() {
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned size = 0;
  check(EVP_DigestFinal_ex(context(ctx_), digest.data(), &size), "EVP_DigestFinal_ex");
  return to_hex(digest.data(), size);
}

std::string sha256_hex(std::string_view data) { return sha256().update(data).hex(); }

std::string sha256_file(const std::filesystem::path& path) {
  sha256 hash;
  const auto add = [&](std::string_view bytes) { hash.update(bytes); };
  if (!read_file_in_chunks(path, add, max_binary_bytes))
    throw std::runtime_error("cannot hash \"" + path.string() + "\": " + std::generic_category().message(ENOENT));
  return hash.hex();
}

}  // namespace tune::util
