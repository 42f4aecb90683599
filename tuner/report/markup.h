#pragma once
// The page is written as text: these are the only places text from a file (a row's name, a
// failure's diagnostic, a path) becomes markup, so none of it can open a tag or end an attribute.
#include <string>
#include <string_view>

namespace tune::report {

// `text` with & < > " ' as character references: safe as element content and as an attribute value.
std::string escape(std::string_view text);

// One part of a fragment identifier, made of [A-Za-z0-9_] from any text: other characters become
// '_' followed by their hex code, so two names never share a part, and parts joined by '-' never
// share an id.
std::string anchor(std::string_view text);

}  // namespace tune::report
