#include "plan/wisdom_store.h"

#include "util/atomic_file.h"
#include "util/sha256.h"

namespace tune::plan {

namespace fs = std::filesystem;

wisdom_reference store_wisdom(const fs::path& plan_path, const std::string& content, std::vector<std::string> plans) {
  wisdom_reference ref;
  ref.sha256 = util::sha256_hex(content);
  ref.file = "fftw-wisdom/" + ref.sha256 + ".wisdom";
  ref.plans = std::move(plans);
  util::write_file_if_changed(wisdom_path(plan_path, ref), content);
  return ref;
}

fs::path wisdom_path(const fs::path& plan_path, const wisdom_reference& ref) {
  return fs::absolute(plan_path).parent_path() / ref.file;
}

std::optional<identity_change> check_wisdom(const fs::path& plan_path, const wisdom_reference& ref) {
  const fs::path path = wisdom_path(plan_path, ref);
  const std::string field = "fftw_wisdom (content sha256 of " + path.string() + ")";
  if (!fs::exists(path)) return identity_change{field, ref.sha256, "missing"};
  const std::string now = util::sha256_file(path);
  if (now != ref.sha256) return identity_change{field, ref.sha256, now};
  return std::nullopt;
}

}  // namespace tune::plan
