#include "profile/format.h"

#include <limits>
#include <stdexcept>

#include <fmt/format.h>

#include "util/atomic_file.h"
#include "util/json_reader.h"

namespace tune::profile {

namespace {

std::runtime_error bad(const std::filesystem::path& file, const std::string& what) {
  return std::runtime_error(
      fmt::format("profile {}: {}; re-export it with `cmake --build <build> --target "
                  "tune-profile-export` or fix it by hand",
                  file.string(), what));
}

}  // namespace

std::optional<std::string> other_maker_note(const profile& p, const std::optional<box::cpu_maker>& here) {
  const auto cpu = p.provenance.find("cpu");
  if (!here || cpu == p.provenance.end() || !cpu->is_object()) return std::nullopt;
  const auto text = [&](const char* key) {
    const auto v = cpu->find(key);
    return v != cpu->end() && v->is_string() ? v->get<std::string>() : std::string();
  };
  const auto maker = text("maker");
  if (maker.empty() || maker == here->maker) return std::nullopt;
  return fmt::format("profile {} was minted on {} {}, this box is {} {}", p.cls, maker, text("model"), here->maker,
                     here->model);
}

std::filesystem::path profile_path(const std::filesystem::path& defaults_dir, const std::string& cls) {
  return defaults_dir / (cls + ".tune-defaults.json");
}

profile from_json(const nlohmann::json& doc, const std::filesystem::path& file) {
  try {
    const util::json_at root(doc, file);
    root.object();
    const auto format = root["format"];
    if (format.string() != format_name) format.fail(fmt::format("\"{}\"", format_name));
    profile p;
    p.file = file;
    const auto non_empty = [&](const char* key) {
      const auto member = root[key];
      if (member.string().empty()) member.fail("a non-empty string");
      return member.string();
    };
    p.scope = non_empty("scope");
    p.cls = non_empty("class");
    p.version = static_cast<int>(root["version"].integer(0, std::numeric_limits<int>::max()));
    const auto kernels = root["kernels"];
    kernels.object();
    for (const auto& [family, seat] : kernels.value().items()) {
      const auto member = kernels[family];
      if (member.string().empty()) member.fail("a row suffix");
      p.kernels[family] = member.string();
    }
    if (const auto threads = root.find("threads")) {
      threads->object();
      for (const auto& item : threads->value().items()) {
        const auto member = (*threads)[item.key()];
        if (member.value().is_string()) {
          if (member.string() != "all") member.fail("a number of threads or \"all\"");
          p.threads[item.key()] = 0;
        } else {
          p.threads[item.key()] = static_cast<int>(member.integer(1, std::numeric_limits<int>::max()));
        }
      }
    }
    if (const auto cpus = root.find("cpus")) {
      cpus->object();
      for (const auto& item : cpus->value().items())
        p.cpus[item.key()] = static_cast<int>((*cpus)[item.key()].integer(1, std::numeric_limits<int>::max()));
    }
    if (const auto prov = root.find("provenance")) {
      prov->object();
      p.provenance = prov->value();
      if (const auto f = prov->find("features")) {
        try {
          p.features = box::split(f->string());
        } catch (const std::invalid_argument& e) {
          throw bad(file, fmt::format("at provenance.features: {}", e.what()));
        }
      }
    }
    return p;
  } catch (const util::json_error& e) {
    throw bad(file, e.where_and_what());
  }
}

nlohmann::ordered_json to_json(const profile& p) {
  nlohmann::ordered_json kernels = nlohmann::ordered_json::object();
  for (const auto& [family, suffix] : p.kernels) kernels[family] = suffix;
  nlohmann::ordered_json out;
  out["format"] = format_name;
  out["scope"] = p.scope;
  out["class"] = p.cls;
  out["version"] = p.version;
  out["kernels"] = kernels;
  if (!p.threads.empty()) {
    nlohmann::ordered_json threads = nlohmann::ordered_json::object();
    for (const auto& [family, n] : p.threads)
      threads[family] = n == 0 ? nlohmann::ordered_json("all") : nlohmann::ordered_json(n);
    out["threads"] = threads;
  }
  if (!p.cpus.empty()) {
    nlohmann::ordered_json cpus = nlohmann::ordered_json::object();
    for (const auto& [family, n] : p.cpus) cpus[family] = n;
    out["cpus"] = cpus;
  }
  out["provenance"] = nlohmann::ordered_json::parse(p.provenance.dump());
  return out;
}

profile read_profile(const std::filesystem::path& file) {
  std::optional<nlohmann::json> doc;
  try {
    doc = util::read_json(file);
  } catch (const util::json_error& e) {
    throw bad(file, e.where_and_what());
  }
  if (!doc) throw bad(file, "the file does not exist");
  return from_json(*doc, file);
}

}  // namespace tune::profile
