/**
 * What the operator's commands (npm run migrate, backup, restore) share: their arguments, their
 * configuration, and a failure said in one line with exit code 1, never a stack trace.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../config.ts';

/** Says why the command stops, in one line, and ends it with exit code 1. */
export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** An error's own words on one line: a driver's message may span several. */
export function oneLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim();
}

/** The command's options and operands (parseArgs); --help, which every command takes, prints the usage and ends it. */
export function readArguments<T extends ParseArgsConfig>(usage: string, config: T): ReturnType<typeof parseArgs<T>> {
  let parsed: ReturnType<typeof parseArgs<T>>;
  try {
    parsed = parseArgs(config);
  } catch (error) {
    // An unknown or incomplete option: said in one line with the usage, not as a stack trace.
    fail(`${oneLine(error)}\n${usage}`);
  }
  if ((parsed.values as { help?: boolean }).help) {
    console.log(usage);
    process.exit(0);
  }
  return parsed;
}

/** The same configuration as `npm start`'s; a mistake is listed as the server lists it, and ends the command. */
export function loadCommandConfig(): Config {
  try {
    // The first admin is the server's business at its start, not a command's.
    return loadConfig({ ...process.env, ADMIN_EMAIL: '', ADMIN_PASSWORD: '' });
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}
