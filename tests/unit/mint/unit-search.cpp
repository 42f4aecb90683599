// A searched family's rows as the tool builds and records them (mint/search_rows.h,
// mint/search_scope.h): the template row's compile varied into another row's, the family's space
// read from its rows, the race table after the final race, when a re-mint searches again, and the
// search archive, written or not.
#include <doctest/doctest.h>

#include <chrono>
#include <filesystem>
#include <string>

#include "mint/incremental.h"
#include "mint/search_rows.h"
#include "mint/search_scope.h"
#include "mint/search_table.h"
#include "util/subprocess.h"
#include "test_files.h"

namespace {

tune::row_decl row_of(const std::string& suffix, const std::string& axes, std::vector<std::string> flags,
                      std::vector<std::string> defines) {
  tune::row_decl r;
  r.suffix = suffix;
  r.axes = axes;
  r.flags = std::move(flags);
  r.defines = std::move(defines);
  r.build_record = "/b/tune_rows/dot/dot__" + suffix;
  return r;
}

tune::family_decl searched_family() {
  tune::family_decl f;
  f.name = "dot";
  f.reference = "u1_base";
  f.fallback = {"u1_base"};
  f.rows = {row_of("u1_base", "U=1,ISA=base", {}, {"TUNE_ENTRY=dot__u1_base", "TUNE_AXIS_U=1"}),
            row_of("u2_base", "U=2,ISA=base", {}, {"TUNE_ENTRY=dot__u2_base", "TUNE_AXIS_U=2"}),
            row_of("u2_avx2", "U=2,ISA=avx2", {"-march=x86-64-v3"}, {"TUNE_ENTRY=dot__u2_avx2", "TUNE_AXIS_U=2"}),
            row_of("reference", "", {}, {"TUNE_ENTRY=dot__reference"})};
  tune::search_decl s;
  s.strategy = "auto";
  s.axes = {{"U", {"1", "2"}}, {"ISA", {"base", "avx2"}}};
  s.excludes = {"U=1,ISA=avx2"};
  s.template_row = "u1_base";
  f.search = s;
  return f;
}

}  // namespace

TEST_CASE("a row's compile is the template row's with its definitions, flags and object") {
  const auto f = searched_family();
  tune::mint::compile_template t;
  t.cwd = "/b";
  t.compiler = "/usr/bin/c++";
  t.object = "CMakeFiles/tune_obj_dot__u1_base.dir/dot.cpp.o";
  t.args = {"ccache",
            "/usr/bin/c++",
            "-DTUNE_ENTRY=dot__u1_base",
            "-DTUNE_AXIS_U=1",
            "-DUSER=1",
            "-O2",
            "-falign-functions=64",
            "-fno-gnu-unique",
            "-MD",
            "-MT",
            t.object,
            "-MF",
            t.object + ".d",
            "-o",
            t.object,
            "-c",
            "/src/dot.cpp"};
  const auto args = tune::mint::row_compile(t, *f.row("u1_base"), *f.row("u2_avx2"), "/b/search/u2_avx2/0_dot.cpp.o");
  const std::vector<std::string> expected{"ccache",
                                          "/usr/bin/c++",
                                          "-DTUNE_ENTRY=dot__u2_avx2",
                                          "-DTUNE_AXIS_U=2",
                                          "-DUSER=1",
                                          "-O2",
                                          "-falign-functions=64",
                                          "-march=x86-64-v3",
                                          "-fno-gnu-unique",
                                          "-MD",
                                          "-MT",
                                          "/b/search/u2_avx2/0_dot.cpp.o",
                                          "-MF",
                                          "/b/search/u2_avx2/0_dot.cpp.o.d",
                                          "-o",
                                          "/b/search/u2_avx2/0_dot.cpp.o",
                                          "-c",
                                          "/src/dot.cpp"};
  CHECK(args == expected);

  SUBCASE("the template row's own flags are replaced, not kept") {
    auto avx = f;
    tune::mint::compile_template u = t;
    u.args = {"/usr/bin/c++",     "-DTUNE_ENTRY=dot__u2_avx2",
              "-DTUNE_AXIS_U=2",  "-falign-functions=64",
              "-march=x86-64-v3", "-o",
              t.object,           "-c",
              "/src/dot.cpp"};
    const auto base = tune::mint::row_compile(u, *f.row("u2_avx2"), *f.row("u1_base"), "/o.o");
    CHECK(base == std::vector<std::string>{"/usr/bin/c++", "-DTUNE_ENTRY=dot__u1_base", "-DTUNE_AXIS_U=1",
                                           "-falign-functions=64", "-o", "/o.o", "-c", "/src/dot.cpp"});
  }
  SUBCASE("a compile that lost the module's flags or definitions is refused, not guessed at") {
    tune::mint::compile_template u = t;
    u.args.erase(u.args.begin() + 6);  // -falign-functions=64
    CHECK_THROWS_WITH_AS(tune::mint::row_compile(u, *f.row("u1_base"), *f.row("u2_base"), "/o.o"),
                         doctest::Contains("does not hold its row flags"), std::runtime_error);
    u = t;
    u.args.erase(u.args.begin() + 3);  // -DTUNE_AXIS_U=1
    CHECK_THROWS_WITH_AS(tune::mint::row_compile(u, *f.row("u1_base"), *f.row("u2_base"), "/o.o"),
                         doctest::Contains("does not define TUNE_AXIS_U=1"), std::runtime_error);
  }
}

TEST_CASE("the search's space holds every row with a value of each axis") {
  const auto space = tune::mint::space_of(searched_family());
  CHECK(space.axes == std::vector<std::string>{"U", "ISA"});
  CHECK(space.sizes == std::vector<std::size_t>{2, 2});
  CHECK(space.suffixes == std::vector<std::string>{"u1_base", "u2_base", "u2_avx2"});
  CHECK(space.points == std::vector<std::vector<std::uint16_t>>{{0, 0}, {1, 0}, {1, 1}});
}

TEST_CASE("the search's space comes from the axes and rules, not from the rows the build declared") {
  SUBCASE("no EXCLUDE: every point, declared or not") {
    auto f = searched_family();
    f.search->excludes.clear();
    CHECK(tune::mint::space_of(f).suffixes == std::vector<std::string>{"u1_base", "u1_avx2", "u2_base", "u2_avx2"});
  }
  SUBCASE("a constraint") {
    auto f = searched_family();
    f.search->constraints.push_back({"U == 2", {"a:U", "v:2", "=="}});
    CHECK(tune::mint::space_of(f).suffixes == std::vector<std::string>{"u2_base", "u2_avx2"});
  }
  SUBCASE("a constraint the tool cannot evaluate on a point names the family") {
    auto f = searched_family();
    f.search->constraints.push_back({"ISA + 1 > 0", {"a:ISA", "v:1", "+", "v:0", ">"}});
    CHECK_THROWS_WITH_AS(tune::mint::space_of(f), doctest::Contains("family dot: CONSTRAINTS \"ISA + 1 > 0\" on row"),
                         std::runtime_error);
  }
}

TEST_CASE("the race table after a search: the final race's rows, the batches' rows, the record") {
  tune::race::race_table final;
  final.winner = "u2_avx2";
  final.rows["u2_avx2"].median_ns = 10;
  final.rows["u1_base"].median_ns = 30;
  final.rows["u2_base"].rejected = tune::race::not_asked_text;
  final.rows["never"].rejected = tune::race::not_asked_text;
  tune::mint::seat_search s;
  s.screened.rows["u2_base"].median_ns = 20;
  s.screened.rows["u2_base"].search_batch = 2;
  s.screened.rows["u2_avx2"].median_ns = 11;
  s.screened.rows["u2_avx2"].search_batch = 1;
  s.record.strategy = "auto";
  s.record.visited = 3;
  const auto table = tune::mint::with_search(final, s);
  CHECK(table.rows.size() == 3);
  CHECK_FALSE(table.rows.count("never"));
  CHECK(table.rows.at("u2_avx2").median_ns == 10);  // the final race's time, not the batch's
  CHECK_FALSE(table.rows.at("u2_avx2").search_batch);
  CHECK(table.rows.at("u2_base").search_batch == 2);
  REQUIRE(table.search);
  CHECK(table.search->visited == 3);

  SUBCASE("a batch's representative raced for another code in the final race: the row follows it") {
    auto fin = final;
    fin.rows["u2_base"] = {};
    fin.rows["u2_base"].same_code_as = "u2_avx2";
    auto screened = s;
    screened.screened.rows["u3_base"].same_code_as = "u2_base";
    const auto t = tune::mint::with_search(fin, screened);
    CHECK(t.rows.at("u3_base").same_code_as == std::optional<std::string>("u2_avx2"));
  }
}

TEST_CASE("a searched family is searched again when what its rows compile from changes") {
  auto f = searched_family();
  tune::isolate::row_identity id{"code-u1", std::vector<std::string>{"/src/dot.cpp"}, "inputs-1"};
  f.rows[0].identity = id;
  f.rows[1].identity = tune::isolate::row_identity{"code-u2", std::nullopt, std::nullopt};
  tune::race::race_table last;
  last.fixture_sha256 = "fixture";
  last.tool = "tool";
  last.compiler = "cc";
  last.rows["u1_base"].code_sha256 = "code-u1";
  last.rows["u2_base"].code_sha256 = "code-u2";
  last.search = tune::race::search_record{};
  last.search->template_inputs_sha256 = "inputs-1";
  tune::mint::remint_basis basis;
  basis.compiler = "cc";
  basis.tool = "tool";
  const std::optional<std::string> fixture = std::string("fixture");
  CHECK_FALSE(tune::mint::why_race_again(f, fixture, &last, basis));  // u2_avx2 was never visited

  auto changed = f;
  changed.rows[0].identity->inputs_sha256 = "inputs-2";
  CHECK(tune::mint::why_race_again(changed, fixture, &last, basis) ==
        std::optional<std::string>("the sources and headers its rows compile from changed"));
  auto recompiled = f;
  recompiled.rows[1].identity->code_sha256 = "code-u2-new";
  CHECK(tune::mint::why_race_again(recompiled, fixture, &last, basis) ==
        std::optional<std::string>("row u2_base's code changed"));
  auto plain = last;
  plain.search.reset();
  CHECK(tune::mint::why_race_again(f, fixture, &plain, basis) ==
        std::optional<std::string>("its last race was not a search"));
}

namespace {

// A family whose rows' isolated objects lie in `dir`, archived by the `ar` at `ar`.
tune::family_decl archived_family(const std::filesystem::path& dir, const std::filesystem::path& ar) {
  auto f = searched_family();
  for (auto& r : f.rows) {
    r.build_record = (dir / ("dot__" + r.suffix)).string();
    tune::test::write_text(r.build_record + ".o", "object of " + r.suffix + "\n");
    for (int k = 1; k <= 3; ++k)
      tune::test::write_text(dir / "relocated" / ("tune_relocated" + std::to_string(k) + "__dot__" + r.suffix + ".o"),
                             "copy\n");
  }
  f.search->archive = dir / "libtune_search_dot.a";
  f.search->ar = ar;
  // The template row's compile, as compile-row.cmake records it: its compiler assembles the table.
  f.search->template_objects = {dir / "template.o"};
  tune::test::write_text(dir / "template.o.tune-args", "cwd=" + dir.string() +
                                                           "\ncompiler=" TUNE_TEST_CXX
                                                           "\nlang=CXX\nobject=template.o\n--\n" TUNE_TEST_CXX
                                                           "\n-c\n-o\ntemplate.o\nt.cpp\n");
  return f;
}

}  // namespace

TEST_CASE("a search archive that cannot be written leaves the one before it and no partial file") {
  const tune::test::temp_dir dir;
  const auto ar = dir / "ar-disk-full.sh";
  // Writes half an archive, then fails as ar does on a full disk.
  tune::test::write_text(ar,
                         "#!/bin/sh\nprintf '!<arch>\\npartial' > \"$2\"\necho 'ar: No space left on device' >&2\n"
                         "exit 1\n");
  std::filesystem::permissions(ar, std::filesystem::perms::owner_all);
  const auto f = archived_family(dir.path(), ar);
  tune::test::write_text(f.search->archive, "the archive of the batches before\n");
  CHECK_THROWS_WITH_AS(tune::mint::write_search_archive(f, {"u2_base"}), doctest::Contains("No space left on device"),
                       std::runtime_error);
  CHECK(tune::test::read_text(f.search->archive) == "the archive of the batches before\n");
  CHECK_FALSE(std::filesystem::exists(f.search->archive.string() + ".tmp"));
}

TEST_CASE("a search archive of the rows it already holds keeps its mtime") {
  const tune::test::temp_dir dir;
  const auto f = archived_family(dir.path(), TUNE_TEST_AR);
  tune::mint::write_search_archive(f, {"u2_base", "u2_avx2"});
  const auto first = std::filesystem::last_write_time(f.search->archive);
  std::filesystem::last_write_time(f.search->archive, first - std::chrono::hours(1));
  tune::mint::write_search_archive(f, {"u2_base", "u2_avx2"});
  CHECK(std::filesystem::last_write_time(f.search->archive) == first - std::chrono::hours(1));
  CHECK_FALSE(std::filesystem::exists(f.search->archive.string() + ".tmp"));
  tune::mint::write_search_archive(f, {"u2_base"});
  CHECK(std::filesystem::last_write_time(f.search->archive) != first - std::chrono::hours(1));
}

TEST_CASE("search table: a row's symbol is found by its name, C or C++ linkage, in a namespace or not") {
  using tune::mint::names_function;
  CHECK(names_function("_Z12dot__u2_basePKfi", "dot__u2_base"));
  CHECK(names_function("_ZN2ns12dot__u2_baseEPKfi", "dot__u2_base"));
  CHECK(names_function("_ZN2ns5inner12dot__u2_baseEv", "dot__u2_base"));
  CHECK_FALSE(names_function("_Z14a12dot__u2_basev", "dot__u2_base"));       // another name that holds it
  CHECK_FALSE(names_function("_ZN12dot__u2_base5innerEv", "dot__u2_base"));  // a namespace of that name
  CHECK_FALSE(names_function("dot__u2_base", "dot__u2_base"));               // C linkage: compared whole
  CHECK_FALSE(names_function("_Z", "dot__u2_base"));

  const tune::test::temp_dir dir;
  tune::test::write_text(dir / "rows.cpp",
                         "namespace ns { float dot__u2_base(const float* a, int n) { return a[n]; } }\n"
                         "extern \"C\" float dot__u2_avx2(const float* a, int n) { return a[n]; }\n"
                         "float a12dot__u2_base(int) { return 0; }\n");
  tune::util::spawn_options o;
  o.argv = {TUNE_TEST_CXX, "-c", (dir / "rows.cpp").string(), "-o", (dir / "rows.o").string()};
  REQUIRE(tune::util::run_process(o).exit_code == 0);
  CHECK(tune::mint::defined_symbol(dir / "rows.o", "dot__u2_base") == "_ZN2ns12dot__u2_baseEPKfi");
  CHECK(tune::mint::defined_symbol(dir / "rows.o", "dot__u2_avx2") == "dot__u2_avx2");
  CHECK(tune::mint::defined_symbol(dir / "rows.o", "dot__u1_base").empty());
}

TEST_CASE("the search's budget: BUDGET_ROWS up to the space, or a twentieth of it and at least 512 rows") {
  CHECK(tune::mint::search_budget(400, 3712) == 400);
  CHECK(tune::mint::search_budget(5000, 3712) == 3712);
  CHECK(tune::mint::search_budget(0, 3712) == 512);
  CHECK(tune::mint::search_budget(0, 300) == 300);
  CHECK(tune::mint::search_budget(0, 1113600) == 55680);
}
