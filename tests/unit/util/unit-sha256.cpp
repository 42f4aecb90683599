#include <doctest/doctest.h>

#include "test_files.h"
#include "util/sha256.h"

using namespace tune;

TEST_CASE("sha256_hex matches the FIPS 180-2 test vectors") {
  CHECK(util::sha256_hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(util::sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(util::sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

TEST_CASE("sha256_file hashes the file's bytes, also beyond one read buffer") {
  test::temp_dir dir;
  std::string big(200'000, '\0');
  for (size_t i = 0; i < big.size(); ++i) big[i] = static_cast<char>(i * 7 + 3);
  test::write_text(dir / "big.bin", big);
  CHECK(util::sha256_file(dir / "big.bin") == util::sha256_hex(big));
}

TEST_CASE("sha256_file names the path when it cannot read it") {
  test::temp_dir dir;
  const auto missing = dir / "missing.bin";
  CHECK_THROWS_WITH_AS(util::sha256_file(missing),
                       ("cannot hash \"" + missing.string() + "\": No such file or directory").c_str(),
                       std::runtime_error);
}

TEST_CASE("incremental hashing equals one-shot hashing; fields are length-prefixed") {
  CHECK(util::sha256().update("ab").update("c").hex() == util::sha256_hex("abc"));
  CHECK(util::sha256().field("abc").hex() == util::sha256_hex("3:abc"));
  CHECK(util::sha256().field("ab").field("c").hex() != util::sha256().field("a").field("bc").hex());
}
