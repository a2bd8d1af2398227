import { WormcastError } from '../errors.ts';

/**
 * Exit status of a command that printed its result but did not do what was asked: `simulate`
 * when the run did not complete the measurement (a deadlock, out of slots, nothing measured;
 * docs/cli.md "Exit status of simulate").
 */
export const EXIT_INCOMPLETE = 3;

/**
 * Thrown after the result was printed: main() writes the message (`wormcast: warning: ...`, one
 * line on stderr) and exits with EXIT_INCOMPLETE instead of 2.
 */
export class IncompleteRunError extends WormcastError {
  readonly exitCode = EXIT_INCOMPLETE;
  constructor(reason: string) {
    super(`warning: ${reason}`);
    this.name = 'IncompleteRunError';
  }
}
