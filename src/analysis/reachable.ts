import type { Plan } from '../multicast/plan.ts';

/**
 * Reachable sets (seed 001 Definition 3; seed 000 Definition 4): v is in R_u iff v = u or some
 * message (w, v) has w in R_u. `contains(u, x)` answers "x in R_u".
 *
 * When every node receives at most once the messages form a tree and R_u is the subtree of u:
 * answered in O(1) from the entry / exit times of a depth-first walk. Otherwise (a node that
 * receives more than once) R_u is found by a search over the messages, cached per u.
 */
export class ReachableSets {
  private readonly tin: Int32Array;
  private readonly tout: Int32Array;
  private readonly tree: boolean;
  private readonly cache = new Map<number, Set<number>>();
  private readonly childStart: Int32Array;
  private readonly childList: Int32Array;

  constructor(private readonly plan: Plan) {
    const n = plan.topology.nodes;
    // children of each node, CSR over all deliveries
    const deg = new Int32Array(n + 1);
    const received = new Uint8Array(n);
    let tree = true;
    for (let id = 0; id < plan.count; id++) {
      for (let k = plan.destOffsets[id]!; k < plan.destOffsets[id + 1]!; k++) {
        const d = plan.destPool[k]!;
        if (received[d] !== 0 || d === plan.source) tree = false;
        received[d] = 1;
        deg[plan.senders[id]! + 1]!++;
      }
    }
    for (let v = 0; v < n; v++) deg[v + 1] = deg[v + 1]! + deg[v]!;
    const fill = deg.slice(0, n);
    const list = new Int32Array(deg[n]!);
    for (let id = 0; id < plan.count; id++) {
      for (let k = plan.destOffsets[id]!; k < plan.destOffsets[id + 1]!; k++)
        list[fill[plan.senders[id]!]!++] = plan.destPool[k]!;
    }
    this.childStart = deg;
    this.childList = list;
    this.tree = tree;
    this.tin = new Int32Array(tree ? n : 0).fill(-1);
    this.tout = new Int32Array(tree ? n : 0);
    if (tree) this.walk();
  }

  private walk(): void {
    const { tin, tout, childStart, childList } = this;
    const stack = new Int32Array(this.plan.destinations.length + 1);
    const next = new Int32Array(this.plan.topology.nodes);
    let sp = 0;
    let clock = 0;
    stack[sp++] = this.plan.source;
    tin[this.plan.source] = clock++;
    next[this.plan.source] = childStart[this.plan.source]!;
    while (sp > 0) {
      const v = stack[sp - 1]!;
      const k = next[v]!;
      if (k < childStart[v + 1]!) {
        next[v] = k + 1;
        const c = childList[k]!;
        tin[c] = clock++;
        next[c] = childStart[c]!;
        stack[sp++] = c;
      } else {
        tout[v] = clock;
        sp--;
      }
    }
  }

  /** x in R_u. */
  contains(u: number, x: number): boolean {
    if (u === x) return true;
    if (this.tree) {
      const a = this.tin[u]!;
      const b = this.tin[x]!;
      return a >= 0 && b >= 0 && a <= b && b < this.tout[u]!;
    }
    let set = this.cache.get(u);
    if (!set) {
      set = new Set([u]);
      const queue = [u];
      for (let q = 0; q < queue.length; q++) {
        const v = queue[q]!;
        for (let k = this.childStart[v]!; k < this.childStart[v + 1]!; k++) {
          const c = this.childList[k]!;
          if (!set.has(c)) {
            set.add(c);
            queue.push(c);
          }
        }
      }
      this.cache.set(u, set);
    }
    return set.has(x);
  }
}
