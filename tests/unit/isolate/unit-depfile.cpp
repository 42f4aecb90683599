// The files a compile read, from its dependency file (isolate/depfile.h), as GCC and Clang write
// them: continuations, escaped spaces and dollars, phony rules for headers (-MP).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "isolate/depfile.h"

using tune::isolate::depfile_inputs;
using list = std::vector<std::string>;

TEST_CASE("a rule's prerequisites in order, the target left out") {
  CHECK(depfile_inputs("obj/a.cpp.o: /src/a.cpp /src/a.h \\\n /usr/include/c++/12/cstddef\n") ==
        list{"/src/a.cpp", "/src/a.h", "/usr/include/c++/12/cstddef"});
  CHECK(depfile_inputs("a.o : a.cpp") == list{"a.cpp"});
  CHECK(depfile_inputs("a.o:\ta.cpp\tb.h\r\n") == list{"a.cpp", "b.h"});
  CHECK(depfile_inputs("") == list{});
}

TEST_CASE("escaped spaces, hashes and dollars are part of a name") {
  CHECK(depfile_inputs("a.o: /my\\ src/a.cpp /inc/b\\#1.h /inc/$$x.h\n") ==
        list{"/my src/a.cpp", "/inc/b#1.h", "/inc/$x.h"});
}

TEST_CASE("a name is listed once; phony rules for headers add nothing") {
  CHECK(depfile_inputs("a.o: a.cpp a.h b.h a.h\n\na.h:\n\nb.h:\n") == list{"a.cpp", "a.h", "b.h"});
  // CRLF continuations, as a Windows-built depfile may have them.
  CHECK(depfile_inputs("a.o: a.cpp \\\r\n a.h\r\n") == list{"a.cpp", "a.h"});
}

TEST_CASE("a colon inside a name is not a rule's colon") {
  CHECK(depfile_inputs("a.o: /src/a:b.h c.h\n") == list{"/src/a:b.h", "c.h"});
}
