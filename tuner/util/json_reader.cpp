#include "util/json_reader.h"

#include <cmath>
#include <limits>
#include <vector>

#include "util/atomic_file.h"

namespace tune::util {

std::string printable(std::string_view bytes, std::size_t max) {
  std::string out;
  static const char* hex = "0123456789abcdef";
  for (unsigned char c : bytes.substr(0, max)) {
    if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
    } else {
      out += "\\x";
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  if (bytes.size() > max) out += "...";
  return out;
}

namespace {

using json = nlohmann::json;

// Builds the document from nlohmann's SAX events, with the path of every value it is at, and
// stops at the first event outside the limits.
class bounded_builder {
 public:
  bounded_builder(json& root, const std::filesystem::path& file, const json_limits& limits)
      : root_(root), file_(file), limits_(limits) {}

  bool null() { return add(json(nullptr)); }
  bool boolean(bool v) { return add(json(v)); }
  bool number_integer(json::number_integer_t v) { return add(json(v)); }
  bool number_unsigned(json::number_unsigned_t v) { return add(json(v)); }
  bool number_float(json::number_float_t v, const std::string& text) {
    if (!std::isfinite(v)) return refuse("a finite number", "the number " + printable(text));
    return add(json(v));
  }
  bool string(json::string_t& v) { return add(json(std::move(v))); }
  bool binary(json::binary_t&) { return refuse("JSON", "binary data"); }
  bool start_object(std::size_t) { return open(json::object(), false); }
  bool key(json::string_t& k) {
    frames_.back().key = k;
    return true;
  }
  bool end_object() { return close(); }
  bool start_array(std::size_t) { return open(json::array(), true); }
  bool end_array() { return close(); }
  bool parse_error(std::size_t byte, const std::string& last_token, const nlohmann::detail::exception& e) {
    if (e.id == 406) return refuse("a number within the range of a double", "the number " + printable(last_token));
    const std::string what = e.what();
    if (what.find("UTF-8") != std::string::npos || what.find("invalid string") != std::string::npos) {
      // The token runs from the string's opening quote to the byte the parser stopped at.
      const std::string_view token = std::string_view(last_token).substr(last_token.empty() ? 0 : 1);
      return refuse("UTF-8 text in a string", "the bytes \"" +
                                                  printable(token.substr(token.size() > 12 ? token.size() - 12 : 0)) +
                                                  "\" ending at byte " + std::to_string(byte));
    }
    if (last_token.empty() || what.find("end of input") != std::string::npos)
      return refuse("more JSON", "the end of the file (at byte " + std::to_string(byte) + ")");
    return refuse("JSON", "'" + printable(last_token) + "' at byte " + std::to_string(byte));
  }

  std::optional<json_error> error;

 private:
  struct frame {
    json* container;
    bool array;
    std::size_t next = 0;  // arrays: the index of the next element
    std::string key;       // objects: the key of the value being read
  };

  // The path of the value being read; a key as printable bytes, and a path deeper than a message
  // can hold shown by its two ends.
  std::string path() const {
    std::string out;
    for (const auto& f : frames_) {
      if (f.array)
        out += "[" + std::to_string(f.next) + "]";
      else if (!f.key.empty())
        out += (out.empty() ? "" : ".") + printable(f.key);
    }
    if (out.size() > 160) {
      const std::size_t head = out.find_last_of("].", 100);
      const std::size_t tail = out.find_first_of("[.", out.size() - 40);
      out = out.substr(0, head + 1) + "..." + out.substr(tail);
    }
    return out;
  }

  bool refuse(std::string expected, std::string found) {
    if (!error) error.emplace(file_, path(), std::move(expected), std::move(found));
    return false;
  }

  json* place(json value) {
    if (frames_.empty()) {
      root_ = std::move(value);
      return &root_;
    }
    frame& top = frames_.back();
    if (top.array) {
      top.container->push_back(std::move(value));
      ++top.next;
      return &top.container->back();
    }
    json& slot = (*top.container)[top.key];
    slot = std::move(value);
    if (!slot.is_structured()) top.key.clear();  // read: the path is the object's again
    return &slot;
  }

  bool add(json value) {
    place(std::move(value));
    return true;
  }

  bool open(json empty, bool array) {
    if (static_cast<int>(frames_.size()) >= limits_.max_depth)
      return refuse("at most " + std::to_string(limits_.max_depth) + " levels of nested objects and arrays",
                    "a deeper one");
    json* container = place(std::move(empty));
    // An array's index counts the container itself only once it is closed.
    if (!frames_.empty() && frames_.back().array) --frames_.back().next;
    frames_.push_back({container, array, 0, {}});
    return true;
  }

  bool close() {
    frames_.pop_back();
    if (!frames_.empty()) {
      if (frames_.back().array)
        ++frames_.back().next;
      else
        frames_.back().key.clear();
    }
    return true;
  }

  json& root_;
  const std::filesystem::path& file_;
  const json_limits& limits_;
  std::vector<frame> frames_;
};

std::string message(const std::filesystem::path& file, const std::string& path, const std::string& expected,
                    const std::string& found) {
  return file.string() + ": " + (path.empty() ? std::string("the document") : "at " + path) + ": expected " + expected +
         ", found " + found;
}

}  // namespace

json_error::json_error(std::filesystem::path file, std::string json_path, std::string expected, std::string found)
    : std::runtime_error(message(file, json_path, expected, found)),
      file_(std::move(file)),
      json_path_(std::move(json_path)),
      expected_(std::move(expected)),
      found_(std::move(found)) {}

std::string json_error::where_and_what() const {
  return (json_path_.empty() ? std::string("the document") : "at " + json_path_) + ": expected " + expected_ +
         ", found " + found_;
}

std::string describe_json(const json& v) {
  switch (v.type()) {
    case json::value_t::null:
      return "null";
    case json::value_t::boolean:
      return v.get<bool>() ? "true" : "false";
    case json::value_t::string:
      return "a string \"" + printable(v.get_ref<const std::string&>()) + "\"";
    case json::value_t::number_integer:
    case json::value_t::number_unsigned:
    case json::value_t::number_float:
      return "the number " + v.dump();
    case json::value_t::object:
      return "an object of " + std::to_string(v.size()) + " members";
    case json::value_t::array:
      return "an array of " + std::to_string(v.size());
    default:
      return "binary data";
  }
}

json parse_json(std::string_view text, const std::filesystem::path& file, const json_limits& limits) {
  if (text.size() > limits.max_bytes)
    throw json_error(file, "", "at most " + std::to_string(limits.max_bytes) + " bytes",
                     std::to_string(text.size()) + " bytes");
  json root;
  bounded_builder builder(root, file, limits);
  bool ok = false;
  try {
    ok = json::sax_parse(text.begin(), text.end(), &builder, json::input_format_t::json, true, false);
  } catch (const std::exception&) {
    // The SAX interface reports every parse error through parse_error; anything else is a bound.
    if (!builder.error) throw json_error(file, "", "JSON", "something the parser could not read");
  }
  if (builder.error) throw *builder.error;
  if (!ok) throw json_error(file, "", "JSON", "something the parser could not read");
  return root;
}

std::optional<json> read_json(const std::filesystem::path& file, const json_limits& limits) {
  std::optional<std::string> text;
  try {
    text = read_file(file, limits.max_bytes);
  } catch (const read_refused& e) {
    throw json_error(file, "", e.expected(), e.found());
  } catch (const std::exception& e) {
    throw json_error(file, "", "a readable file", std::string("an error: ") + e.what());
  }
  if (!text) return std::nullopt;
  return parse_json(*text, file, limits);
}

std::string json_at::child(const std::string& key) const { return path_.empty() ? key : path_ + "." + key; }

void json_at::fail(const std::string& expected) const {
  throw json_error(file_, path_, expected, describe_json(value_));
}

const json_at& json_at::object() const {
  if (!value_.is_object()) fail("an object");
  return *this;
}

const json_at& json_at::array() const {
  if (!value_.is_array()) fail("an array");
  return *this;
}

std::size_t json_at::size() const {
  if (!value_.is_object() && !value_.is_array()) fail("an object or an array");
  return value_.size();
}

json_at json_at::operator[](const std::string& key) const {
  object();
  const auto it = value_.find(key);
  if (it == value_.end()) throw json_error(file_, child(key), "a value", "nothing (the member is missing)");
  return json_at(*it, file_, child(key));
}

std::optional<json_at> json_at::find(const std::string& key) const {
  object();
  const auto it = value_.find(key);
  if (it == value_.end()) return std::nullopt;
  return json_at(*it, file_, child(key));
}

bool json_at::has(const std::string& key) const { return object().value_.contains(key); }

json_at json_at::at(std::size_t i) const {
  array();
  if (i >= value_.size())
    throw json_error(file_, path_ + "[" + std::to_string(i) + "]", "a value", "the end of the array");
  return json_at(value_[i], file_, path_ + "[" + std::to_string(i) + "]");
}

std::string json_at::string() const {
  if (!value_.is_string()) fail("a string");
  return value_.get<std::string>();
}

bool json_at::boolean() const {
  if (!value_.is_boolean()) fail("true or false");
  return value_.get<bool>();
}

double json_at::number() const {
  if (!value_.is_number()) fail("a number");
  return value_.get<double>();
}

std::optional<double> json_at::number_or_null() const {
  if (value_.is_null()) return std::nullopt;
  if (!value_.is_number()) fail("a number or null");
  return value_.get<double>();
}

std::int64_t json_at::integer(std::int64_t min, std::int64_t max) const {
  const std::string range = "an integer from " + std::to_string(min) + " to " + std::to_string(max);
  if (value_.is_number_unsigned()) {
    const auto v = value_.get<std::uint64_t>();
    if (v > static_cast<std::uint64_t>(max) || static_cast<std::int64_t>(v) < min) fail(range);
    return static_cast<std::int64_t>(v);
  }
  if (value_.is_number_integer()) {
    const auto v = value_.get<std::int64_t>();
    if (v < min || v > max) fail(range);
    return v;
  }
  if (value_.is_number_float()) {
    const double d = value_.get<double>();
    if (d == std::floor(d) && d >= static_cast<double>(min) && d <= static_cast<double>(max))
      return static_cast<std::int64_t>(d);
  }
  fail(range);
}

std::vector<std::string> json_at::strings() const {
  array();
  std::vector<std::string> out;
  for (std::size_t i = 0; i < value_.size(); ++i) out.push_back(at(i).string());
  return out;
}

}  // namespace tune::util
