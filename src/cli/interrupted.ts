import { WormcastError } from '../errors.ts';

/** Exit status of a command stopped by Ctrl-C (SIGINT) after a clean stop: 128 + 2, as a shell reports it. */
export const EXIT_INTERRUPTED = 130;

/**
 * Thrown by a command that stopped cleanly on Ctrl-C (`sweep`: finished points kept): main()
 * prints the message (one `wormcast: ...` line) and exits with EXIT_INTERRUPTED.
 */
export class InterruptedError extends WormcastError {
  readonly exitCode = EXIT_INTERRUPTED;
  constructor(message: string) {
    super(message);
    this.name = 'InterruptedError';
  }
}
