/** What the server logs through; `quiet` drops `info`. */
export interface Logger {
  info(message: string): void;
  error(message: string, error?: unknown): void;
}

export function consoleLogger(quiet = false): Logger {
  return {
    info: (message) => {
      if (!quiet) console.log(message);
    },
    error: (message, error) => console.error(message, error ?? ''),
  };
}

export const silentLogger: Logger = { info: () => {}, error: () => {} };
