#include "mint/quiet_build.h"

#include <unistd.h>

#include <map>
#include <set>
#include <sstream>
#include <thread>
#include <vector>

#include "util/atomic_file.h"

namespace tune::mint {

namespace {

struct proc_entry {
  int ppid = 0;
  std::string comm;
  std::string exe;
};

std::map<int, proc_entry> read_processes(const std::filesystem::path& root) {
  std::map<int, proc_entry> out;
  std::error_code ec;
  for (const auto& dir : std::filesystem::directory_iterator(root, ec)) {
    const std::string name = dir.path().filename().string();
    if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::istringstream stat(util::read_file_if_readable(dir.path() / "stat").value_or(""));
    std::string line;
    if (!std::getline(stat, line)) continue;
    // pid (comm) state ppid ...: comm may hold spaces and parentheses, so cut at the last ')'.
    const auto open = line.find('(');
    const auto close = line.rfind(')');
    if (open == std::string::npos || close == std::string::npos) continue;
    proc_entry e;
    e.comm = line.substr(open + 1, close - open - 1);
    std::istringstream rest(line.substr(close + 2));
    std::string state;
    rest >> state >> e.ppid;
    e.exe = std::filesystem::read_symlink(dir.path() / "exe", ec).string();
    out[std::stoi(name)] = e;
  }
  return out;
}

bool is_build_tool(const std::string& comm) { return comm == "ninja" || comm == "make" || comm == "gmake"; }

}  // namespace

int other_build_jobs(const std::filesystem::path& proc_root) {
  const auto procs = read_processes(proc_root);
  const int self = static_cast<int>(getpid());
  std::set<int> ancestors;
  int build = 0;
  for (int pid = self; pid > 1;) {
    ancestors.insert(pid);
    const auto it = procs.find(pid);
    if (it == procs.end()) break;
    if (pid != self && is_build_tool(it->second.comm)) {
      build = pid;
      break;
    }
    pid = it->second.ppid;
  }
  if (!build) return 0;
  const std::string own_exe = procs.count(self) ? procs.at(self).exe : std::string();
  std::multimap<int, int> children;
  for (const auto& [pid, e] : procs) children.emplace(e.ppid, pid);
  int jobs = 0;
  std::vector<int> todo{build};
  while (!todo.empty()) {
    const int pid = todo.back();
    todo.pop_back();
    auto [b, e] = children.equal_range(pid);
    for (auto it = b; it != e; ++it) {
      const int child = it->second;
      if (child == self) continue;  // our own subtree is the mint itself
      const bool ours = ancestors.count(child) > 0;
      const bool another_mint = !own_exe.empty() && procs.at(child).exe == own_exe;
      // Shells and wrappers that only hold a job are counted through their children.
      const auto& comm = procs.at(child).comm;
      const bool holder = comm == "sh" || comm == "bash" || comm == "cmake" || is_build_tool(comm);
      if (!ours && !another_mint && !holder) ++jobs;
      if (!another_mint) todo.push_back(child);
    }
  }
  return jobs;
}

quiet_wait wait_for_quiet_build(std::chrono::seconds bound, const std::function<void(int, double)>& on_wait) {
  quiet_wait w;
  const auto start = std::chrono::steady_clock::now();
  for (;;) {
    const int jobs = other_build_jobs();
    w.jobs_left = jobs;
    w.waited_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (jobs == 0) return w;
    w.inside_build = true;
    if (w.waited_s >= static_cast<double>(bound.count())) {
      w.bound_ran_out = true;
      return w;
    }
    if (on_wait) on_wait(jobs, w.waited_s);
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
}

}  // namespace tune::mint
