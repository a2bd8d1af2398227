import { tracePlan } from '../../analysis/paths.ts';
import { createPlan } from '../../multicast/registry.ts';
import { createRouting } from '../../routing/registry.ts';
import { parseTopology } from '../../topology/registry.ts';
import type { Check, FigureData, Reproduction } from './types.ts';

/*
 * Seed 003 (Wang, Yen, Chu) section 4, Figs. 1-4: one multicast each on the 4x4 torus and the
 * 4-star, prepared by the uniform and the fixed algorithm. The seed prints, per figure, the
 * destinations (by label) of the high-channel message M^h and the low-channel message M^l and
 * their path lengths. test/multicast-path-seed003.test.ts pins the same plans; this reruns them
 * and compares with the printed text.
 */

interface Message {
  /** The seed's printed destination labels, in header order. */
  labels: number[];
  /** The seed's printed path length. */
  hops: number;
}

interface Example {
  fig: string;
  topology: string;
  algorithm: 'hcm-uniform' | 'hcm-fixed';
  source: string;
  dests: string[];
  h: Message;
  l: Message;
  caption: string;
  /** The seed's sentences, quoted, for M^h's and M^l's headers and path lengths and the maximum. */
  cite: { h: string; l: string; hHops: string; lHops: string; q: string; max: string };
  /** A printed destination list that wormcast does not reproduce, and why (docs/errata.md). */
  slip?: { which: 'h' | 'l'; corrected: number[]; why: string };
}

// the torus K with (2,0) for the node the seed's K misprints as (0,2)^2 (docs/seeds.md)
const TORUS_K = ['0,0', '1,0', '2,0', '1,1', '0,2', '2,2', '3,3', '2,3', '0,3'];
const STAR_K = ['2134', '3124', '2314', '1243', '4123', '3412', '3421', '2341', '3241'];

const EXAMPLES: Example[] = [
  {
    fig: '1',
    topology: 'torus:4x4',
    algorithm: 'hcm-uniform',
    source: '3,2',
    dests: TORUS_K,
    h: { labels: [12, 13, 15, 0, 1], hops: 6 },
    l: { labels: [10, 8, 6, 2], hops: 7 },
    caption:
      'A multicasting example in a 2D 4 x 4 torus network using uniform multicast routing: (a) high-channel network and (b) low-channel network.',
    cite: {
      h: '"the M^h header contains the destination nodes (3,3)^12, (2,3)^13, (0,3)^15, (0,0)^0, (1,0)^1"',
      l: '"and the M^l header contains the destination nodes (2,2)^10, (0,2)^8, (1,1)^6, (2,0)^2."',
      hHops: '"M^h is routed along the high-channel network with a path length of 6."',
      lHops: '"M^l is routed along the low-channel network with a path length of 7."',
      q: '"After M^h goes across the boundary, it will use the q-channel for routing."',
      max: '"Therefore, the maximum path length is max(6, 7) = 7."',
    },
  },
  {
    fig: '2',
    topology: 'torus:4x4',
    algorithm: 'hcm-fixed',
    source: '3,2',
    dests: TORUS_K,
    h: { labels: [12, 13, 15, 0, 1, 2], hops: 7 },
    l: { labels: [10, 8, 6], hops: 5 },
    caption:
      'A multicasting example in a 2D 4 x 4 torus network using fixed multicast routing: (a) high-channel network and (b) low-channel network.',
    cite: {
      h: '"the M^h header contains the destination nodes (3,3)^12, (2,3)^13, (0,3)^15, (0,0)^0, (1,0)^1, (0,2)^2"',
      l: '"and the M^l header contains the destination nodes (2,2)^10, (0,2)^8, (1,1)^6."',
      hHops: '"M^h is routed along the high-channel network with a path length of 7."',
      lHops: '"M^l is routed along the low-channel network with a path length of 5."',
      q: '"After M^h goes across the boundary, it will use the q-channel to continue its path."',
      max: '"Therefore, the maximum path length is max(7, 5) = 7."',
    },
  },
  {
    fig: '3',
    topology: 'star:4',
    algorithm: 'hcm-uniform',
    source: '1432',
    dests: STAR_K,
    h: { labels: [19, 21, 22, 1, 2, 4], hops: 9 },
    l: { labels: [12, 9, 7, 4], hops: 9 },
    caption:
      'A multicasting example in a 4-star network using uniform multicast routing: (a) high-channel network and (b) low-channel network.',
    cite: {
      h: '"the M^h header contains the destination nodes 3421^19, 2341^21, 3241^22, 2134^1, 3124^2, 2314^4"',
      l: '"and the M^l header contains the destination nodes 3412^12, 4123^9, 1243^7, 2314^4."',
      hHops: '"M^h is routed along the high-channel network with a path length of 9."',
      lHops: '"M^l is routed along the low-channel network with a path length of 9."',
      q: '"After M^h goes across the boundary, it will use the q-channel to continue its path."',
      max: '"Therefore, the maximum path length is max(9, 9) = 9."',
    },
    slip: {
      which: 'h',
      corrected: [19, 21, 22, 1, 2],
      why: 'The seed lists 2314^4 in both headers (docs/seeds.md, docs/errata.md): the uniform preparation splits the 9 destinations 5 + 4, and 2314^4 goes to M^l only. The printed path lengths (9 and 9) hold for that split.',
    },
  },
  {
    fig: '4',
    topology: 'star:4',
    algorithm: 'hcm-fixed',
    source: '1432',
    dests: STAR_K,
    h: { labels: [19, 21, 22, 1, 2, 4], hops: 11 },
    l: { labels: [12, 9, 7, 11], hops: 6 },
    caption:
      'A multicasting example in a 4-star network using fixed multicast routing: (a) high-channel network and (b) low-channel network.',
    cite: {
      h: '"the M^h header contains the destination nodes 3421^19, 2341^21, 3241^22, 2134^1, 3124^2, 2314^4"',
      l: '"and the M^l header contains the destination nodes 3412^12, 4123^9, 1243^7, 2413^11."',
      hHops: '"M^h is routed along the high-channel network with a path length of 11."',
      lHops: '"M^l is routed along the low-channel network with a path length of 6."',
      q: '"After M^h goes across the boundary, it will use the q-channel for routing."',
      max: '"Therefore, the maximum path length is max(11, 6) = 11."',
    },
    slip: {
      which: 'l',
      corrected: [12, 9, 7],
      why: 'The seed adds 2413^11 to M^l, which is not in K (docs/seeds.md, docs/errata.md): M^l carries 3412^12, 4123^9, 1243^7. The printed path length 6 holds for those three.',
    },
  },
];

/** One row per message: its network, printed and computed destinations (labels), path lengths, VC classes. */
function compute(e: Example): FigureData {
  const t = parseTopology(e.topology);
  const lab = createRouting('hcm', t).labelling!;
  const plan = createPlan(
    e.algorithm,
    t,
    t.parse(e.source),
    e.dests.map((d) => t.parse(d)),
  );
  const paths = tracePlan(plan);
  const names = plan.routing.vcClasses;
  const facts: Record<string, number | string | boolean> = { messages: plan.count };
  const rows: Array<Array<string | number>> = [];
  (['h', 'l'] as const).forEach((w, id) => {
    const m = plan.message(id);
    const labels = m.dests.map((d) => lab.labelOf[d]!);
    const classes = Array.from(
      paths.channels.subarray(paths.offsets[id]!, paths.offsets[id + 1]!),
      (c) => names[c % paths.vcs]!,
    );
    facts[`${w}.labels`] = labels.join(' ');
    facts[`${w}.hops`] = classes.length;
    facts[`${w}.classes`] = classes.join(' ');
    rows.push([
      `M^${w}`,
      w === 'h' ? 'high-channel' : 'low-channel',
      e[w].labels.join(' '),
      labels.join(' '),
      e[w].hops,
      classes.length,
      classes.join(' '),
    ]);
  });
  return {
    xTitle: '',
    yTitle: '',
    series: [],
    table: {
      columns: [
        'message',
        'network',
        'seed: destinations (labels)',
        'wormcast: destinations (labels)',
        'seed: path length',
        'wormcast: path length',
        'wormcast: VC class per hop',
      ],
      rows,
    },
    setup: `${e.topology}, ${e.algorithm} with the hcm routing function R (seed 003 section 3), source ${e.source} (label ${lab.labelOf[t.parse(e.source)]}); destinations named by their Hamiltonian-cycle labels; test/multicast-path-seed003.test.ts pins the same plans`,
    facts,
  };
}

const str = (d: FigureData, k: string) => String(d.facts![k]);
const num = (d: FigureData, k: string) => Number(d.facts![k]);

function checksOf(e: Example): Check[] {
  const header = (w: 'h' | 'l'): Check[] => {
    const printed = e[w].labels.join(' ');
    const c: Check = {
      claim: `M^${w} carries the destinations labelled ${printed}, in that order (as printed)`,
      cite: e.cite[w],
      ...(e.slip?.which === w ? { expect: 'fails' as const } : {}),
      test: (d) => ({ ok: str(d, `${w}.labels`) === printed, detail: `wormcast: ${str(d, `${w}.labels`)}` }),
    };
    if (e.slip?.which !== w) return [c];
    const fixed = e.slip.corrected.join(' ');
    return [
      c,
      {
        claim: `M^${w} carries ${fixed} (the printed list with the seed's slip corrected)`,
        cite: e.cite[w],
        test: (d) => ({ ok: str(d, `${w}.labels`) === fixed, detail: `wormcast: ${str(d, `${w}.labels`)}` }),
      },
    ];
  };
  const hops = (w: 'h' | 'l'): Check => ({
    claim: `M^${w} takes ${e[w].hops} hops, all in the ${w === 'h' ? 'high' : 'low'}-channel network`,
    cite: w === 'h' ? e.cite.hHops : e.cite.lHops,
    test: (d) => {
      const classes = str(d, `${w}.classes`).split(' ');
      const own = classes.every((c) => c.endsWith(w));
      return {
        ok: num(d, `${w}.hops`) === e[w].hops && own,
        detail: `wormcast: ${num(d, `${w}.hops`)} hops on ${str(d, `${w}.classes`)}`,
      };
    },
  });
  return [
    {
      claim: 'the source sends two messages, M^h and M^l',
      cite:
        e.algorithm === 'hcm-uniform'
          ? `"The source node ${e.source === '3,2' ? '(3, 2)^11' : '1432^17'} applies the uniform message preparation algorithm to generate two messages M^h and M^l"`
          : `"The source node ${e.source === '3,2' ? '(3, 2)^11' : '1432^17'} sends two messages M^h and M^l"`,
      test: (d) => ({ ok: num(d, 'messages') === 2, detail: `${num(d, 'messages')} messages` }),
    },
    ...header('h'),
    hops('h'),
    {
      claim: 'M^h crosses the boundary and continues on q-channels: its hops are p-channels, then only q-channels',
      cite: e.cite.q,
      test: (d) => {
        const s = str(d, 'h.classes');
        return { ok: /^(ph )*qh( qh)*$/.test(s), detail: `M^h: ${s}` };
      },
    },
    ...header('l'),
    hops('l'),
    {
      claim: `the longer of the two paths has ${Math.max(e.h.hops, e.l.hops)} hops`,
      cite: e.cite.max,
      test: (d) => {
        const m = Math.max(num(d, 'h.hops'), num(d, 'l.hops'));
        return {
          ok: m === Math.max(e.h.hops, e.l.hops),
          detail: `wormcast: max(${num(d, 'h.hops')}, ${num(d, 'l.hops')}) = ${m}`,
        };
      },
    },
  ];
}

const TORUS_DEV =
  "The seed's K writes (0,2)^2 for the node labelled 2, which is (2,0) (it prints (2,0)^2 in M^l's header; docs/seeds.md); wormcast uses (2,0).";

export const SEED003_EXAMPLES: Reproduction[] = EXAMPLES.map((e) => ({
  id: `003-fig${e.fig}`,
  seed: '003',
  caption: e.caption,
  kind: 'worked-example',
  seedShows: `A multicast from ${e.source} (label ${e.topology === 'star:4' ? 17 : 11}) to 9 destinations on the ${e.topology === 'star:4' ? '4-star' : '4x4 torus'} with ${e.algorithm === 'hcm-uniform' ? 'uniform' : 'fixed'} message preparation: M^h carries ${e.h.labels.join(' ')} (path length ${e.h.hops}), M^l carries ${e.l.labels.join(' ')} (path length ${e.l.hops}); the drawings of the two channel networks are not in the text.`,
  runs: { quick: 'the same (exact)', full: 'one multicast' },
  compute: async () => compute(e),
  checks: checksOf(e),
  deviations: [...(e.topology === 'torus:4x4' ? [TORUS_DEV] : []), ...(e.slip ? [e.slip.why] : [])],
}));
