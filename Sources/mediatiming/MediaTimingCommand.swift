import ArgumentParser

/// The `mediatiming` command-line tool.
@main
struct MediaTimingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mediatiming",
        abstract: "Core Animation's media timing, computed deterministically.",
        subcommands: [ValidateCommand.self, SampleCommand.self, PlotCommand.self, PreviewCommand.self, DemoCommand.self, DiscCommand.self])
}
