/**
 * Starts the product: `npm start`. SIGTERM or SIGINT (Ctrl-C) stops it cleanly: the requests in flight
 * finish within SHUTDOWN_GRACE_SECONDS, then the process exits with 0 (start.ts). A signal while stopping
 * changes nothing: npm passes Ctrl-C on to the server, which the terminal has already sent it.
 */
import { ConfigError, loadConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { startServer } from './start.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  const server = await startServer({ config, logger });
  const onSignal = (signal: NodeJS.Signals) => {
    server.stop(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'stopping failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

main().catch((error) => {
  console.error('Failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
