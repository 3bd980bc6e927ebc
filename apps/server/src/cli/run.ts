/**
 * Runs a command-line tool's command when its file is the one Node was started with: prints the
 * result, or the error (with what to do when the shop holds the embedded database) and exit 1.
 */
export function runWhenMain(moduleUrl: string, command: (argv: string[]) => Promise<string>): void {
  if (moduleUrl !== `file://${process.argv[1]}`) return;
  command(process.argv.slice(2)).then(
    (message) => console.log(message),
    (error: Error) => {
      const hint =
        error.name === 'DataDirLockedError'
          ? '\nThe shop holds the embedded database while it runs: stop it, run this command, then start it again.'
          : '';
      console.error(`${error.message}${hint}`);
      process.exitCode = 1;
    },
  );
}
