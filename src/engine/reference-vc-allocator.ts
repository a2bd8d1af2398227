import type { Slot } from './reference-objects.ts';
import type { VcSpace } from './results.ts';

// Option vcAllocator 'round-robin' (docs/model-flit.md "BookSim's router"): BookSim2's separable VC
// allocator as wormcast's step 2c. The requests of a cycle are collected as step 2 makes them
// (`ask`) and served after it (`allocate`): the requests for one output VC class (one key: the
// first VC of its choices) in round-robin order of their input VC, from the one after the input
// that class granted last; each takes the lowest free VC of its choices or waits.

/** An input VC's index at its router: network slot p's (port V + VC index), or its injection lane's (P V + lane). */
export function inputIndex(space: VcSpace, p: Slot): number {
  return p.kind === 'network' ? p.port * space.v + (p.vc % space.v) : space.ports * space.v + p.lane;
}

export class RoundRobinVcAllocator {
  private pending: Slot[] = [];
  /** Per key (a class's first VC id), the input index it granted last. */
  private readonly last = new Map<number, number>();
  private readonly inputs: number;

  constructor(private readonly space: VcSpace) {
    this.inputs = (space.ports + 1) * space.v;
  }

  /** Request s asks this cycle. */
  ask(s: Slot): void {
    this.pending.push(s);
  }

  /**
   * Serve the cycle's requests: `grant(s, vc)` for each that gets a VC (`freeChoice`), `wait(s)`
   * for the others.
   */
  allocate(freeChoice: (s: Slot) => number, grant: (s: Slot, vc: number) => void, wait: (s: Slot) => void): void {
    const groups = new Map<number, Slot[]>();
    for (const s of this.pending) {
      const g = groups.get(s.vc);
      if (g) g.push(s);
      else groups.set(s.vc, [s]);
    }
    this.pending = [];
    const N = this.inputs;
    for (const [key, g] of groups) {
      const ptr = this.last.get(key) ?? N - 1;
      // 0 for the input after the pointer; a stable sort keeps the order of asking on a tie
      const turn = (s: Slot): number => (inputIndex(this.space, s.parent!) - ptr - 1 + N) % N;
      g.sort((a, b) => turn(a) - turn(b));
      for (const s of g) {
        const vc = freeChoice(s);
        if (vc < 0) {
          wait(s);
          continue;
        }
        grant(s, vc);
        this.last.set(key, inputIndex(this.space, s.parent!));
      }
    }
  }
}
