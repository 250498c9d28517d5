// Logging for the tools: an spdlog logger that writes to stderr (spdlog's default sink is
// stdout, which carries data here). Each tool makes its own; nothing is registered globally.
#pragma once

#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include <memory>
#include <string>

namespace horde::tools {

// --verbose turns on "info" messages (progress, per-file timings); otherwise only warnings.
inline std::shared_ptr<spdlog::logger> make_stderr_logger(const std::string& tool, bool verbose) {
    auto logger = std::make_shared<spdlog::logger>(tool, std::make_shared<spdlog::sinks::stderr_sink_st>());
    logger->set_pattern("%n: %v");
    logger->set_level(verbose ? spdlog::level::info : spdlog::level::warn);
    return logger;
}

} // namespace horde::tools
