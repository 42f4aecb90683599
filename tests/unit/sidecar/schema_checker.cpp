#include "schema_checker.h"

#include <regex>
#include <set>
#include <stdexcept>

namespace tune::test {
using nlohmann::json;

namespace {

const std::set<std::string> annotations = {"$schema", "$id", "title", "description", "$defs"};
const std::set<std::string> assertions = {"type",
                                          "const",
                                          "enum",
                                          "required",
                                          "properties",
                                          "additionalProperties",
                                          "items",
                                          "uniqueItems",
                                          "minItems",
                                          "minProperties",
                                          "propertyNames",
                                          "minLength",
                                          "minimum",
                                          "exclusiveMaximum",
                                          "pattern",
                                          "$ref",
                                          "if",
                                          "then",
                                          "else"};

bool has_type(const json& v, const std::string& type) {
  if (type == "object") return v.is_object();
  if (type == "array") return v.is_array();
  if (type == "string") return v.is_string();
  if (type == "integer")
    return v.is_number_integer() || (v.is_number_float() && v.get<double>() == static_cast<long long>(v.get<double>()));
  if (type == "number") return v.is_number();
  if (type == "boolean") return v.is_boolean();
  if (type == "null") return v.is_null();
  throw std::logic_error("schema names unknown type \"" + type + "\"");
}

class checker {
 public:
  explicit checker(const json& root) : root_(root) {}

  void check(const json& schema, const json& v, const std::string& at) {
    for (const auto& [keyword, value] : schema.items())
      if (!annotations.count(keyword) && !assertions.count(keyword))
        throw std::logic_error("schema uses keyword \"" + keyword + "\", which the test checker does not implement");

    if (const auto ref = schema.find("$ref"); ref != schema.end()) check(resolve(ref->get<std::string>()), v, at);
    if (const auto condition = schema.find("if"); condition != schema.end()) {
      checker trial(root_);  // `if` only chooses: its failures are not the document's
      trial.check(*condition, v, at);
      const auto branch = schema.find(trial.errors.empty() ? "then" : "else");
      if (branch != schema.end()) check(*branch, v, at);
    }
    if (const auto type = schema.find("type"); type != schema.end()) {
      const json types = type->is_array() ? *type : json::array({*type});
      bool any = false;
      for (const json& t : types) any = any || has_type(v, t.get<std::string>());
      if (!any) fail(at, "is " + v.dump() + ", expected type " + type->dump());
    }
    if (const auto c = schema.find("const"); c != schema.end() && v != *c)
      fail(at, "is " + v.dump() + ", expected " + c->dump());
    if (const auto e = schema.find("enum"); e != schema.end() && std::find(e->begin(), e->end(), v) == e->end())
      fail(at, "is " + v.dump() + ", expected one of " + e->dump());
    if (v.is_object()) check_object(schema, v, at);
    if (v.is_array()) check_array(schema, v, at);
    if (v.is_string()) check_string(schema, v.get<std::string>(), at);
    if (const auto m = schema.find("minimum"); m != schema.end() && v.is_number() && v.get<double>() < m->get<double>())
      fail(at, "is " + v.dump() + ", below the minimum " + m->dump());
    if (const auto m = schema.find("exclusiveMaximum");
        m != schema.end() && v.is_number() && v.get<double>() >= m->get<double>())
      fail(at, "is " + v.dump() + ", not below " + m->dump());
  }

  std::vector<std::string> errors;

 private:
  const json& resolve(const std::string& ref) {
    if (ref.rfind("#/$defs/", 0) != 0) throw std::logic_error("schema uses a non-local $ref " + ref);
    return root_.at(json::json_pointer(ref.substr(1)));
  }

  void fail(const std::string& at, const std::string& what) { errors.push_back((at.empty() ? "/" : at) + ": " + what); }

  void check_object(const json& schema, const json& v, const std::string& at) {
    if (const auto req = schema.find("required"); req != schema.end())
      for (const json& key : *req)
        if (!v.contains(key.get<std::string>())) fail(at, "has no \"" + key.get<std::string>() + "\"");
    if (const auto n = schema.find("minProperties"); n != schema.end() && v.size() < n->get<size_t>())
      fail(at, "has fewer than " + n->dump() + " properties");
    if (const auto names = schema.find("propertyNames"); names != schema.end())
      for (const auto& [key, value] : v.items()) check(*names, key, at + "/" + key + " (name)");
    const json properties = schema.value("properties", json::object());
    for (const auto& [key, sub] : properties.items())
      if (v.contains(key)) check(sub, v.at(key), at + "/" + key);
    const auto extra = schema.find("additionalProperties");
    if (extra == schema.end()) return;
    for (const auto& [key, value] : v.items()) {
      if (properties.contains(key)) continue;
      if (extra->is_boolean()) {
        if (!extra->get<bool>()) fail(at, "has \"" + key + "\", which the schema does not allow");
      } else {
        check(*extra, value, at + "/" + key);
      }
    }
  }

  void check_array(const json& schema, const json& v, const std::string& at) {
    if (const auto items = schema.find("items"); items != schema.end())
      for (size_t i = 0; i < v.size(); ++i) check(*items, v[i], at + "/" + std::to_string(i));
    if (const auto n = schema.find("minItems"); n != schema.end() && v.size() < n->get<size_t>())
      fail(at, "has fewer than " + n->dump() + " items");
    if (schema.value("uniqueItems", false))
      for (size_t i = 0; i < v.size(); ++i)
        for (size_t j = i + 1; j < v.size(); ++j)
          if (v[i] == v[j]) fail(at, "repeats " + v[i].dump());
  }

  void check_string(const json& schema, const std::string& s, const std::string& at) {
    if (const auto n = schema.find("minLength"); n != schema.end() && s.size() < n->get<size_t>())
      fail(at, "is shorter than " + n->dump() + " characters");
    if (const auto p = schema.find("pattern");
        p != schema.end() && !std::regex_search(s, std::regex(p->get<std::string>())))
      fail(at, "\"" + s + "\" does not match " + p->dump());
  }

  const json& root_;
};

}  // namespace

std::vector<std::string> schema_violations(const json& schema, const json& doc) {
  checker c(schema);
  c.check(schema, doc, "");
  return c.errors;
}

}  // namespace tune::test
