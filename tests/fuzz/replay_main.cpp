// Replays saved inputs through a fuzz target without libFuzzer: every file named on the
// command line, and every file in a named directory (sorted). A failed self-check aborts, a
// sanitizer report (in sanitizer builds) ends the run: either way the test fails.
#include "fuzz_support.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>

int main(int argc, char** argv) {
    namespace fs = std::filesystem;
    std::vector<fs::path> inputs;
    for (int i = 1; i < argc; ++i) {
        const fs::path arg = argv[i];
        std::error_code ec;
        if (fs::is_directory(arg, ec)) {
            for (const auto& entry : fs::directory_iterator(arg))
                // Dot files (.keep) hold no input.
                if (entry.is_regular_file() && !entry.path().filename().string().starts_with('.')) inputs.push_back(entry.path());
        } else if (fs::exists(arg, ec)) {
            inputs.push_back(arg);
        } else {
            std::fprintf(stderr, "replay: %s: no such file or directory\n", argv[i]);
            return 2;
        }
    }
    // No input at all (an emptied or renamed seed folder) would pass having checked nothing.
    if (inputs.empty()) {
        std::fprintf(stderr, "replay: no input in the folders and files given: nothing checked\n");
        return 2;
    }
    std::sort(inputs.begin(), inputs.end());
    for (const auto& path : inputs) {
        std::ifstream in(path, std::ios::binary);
        const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        if (!in.good() && !in.eof()) {
            std::fprintf(stderr, "replay: %s: read error\n", path.c_str());
            return 2;
        }
        LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
    }
    std::printf("replay: %zu inputs, no finding\n", inputs.size());
    return 0;
}
