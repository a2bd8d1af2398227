/**
 * The Hamiltonian cycle model of seed 003 section 2.2: link classes, channel networks and
 * virtual-channel classes, over a labelling l of N nodes along a Hamiltonian cycle.
 * Shared by the routing function R (hcm.ts) and the HCM multicast message preparation.
 */

/** VC classes of seed 003 section 2.2.4, in the order the hcm routing function declares them. */
export const HCM_VC_CLASSES = ['ph', 'qh', 'pl', 'ql'] as const;
/** p-channel of the high-channel network. */
export const VC_PH = 0;
/** q-channel of the high-channel network (after crossing the boundary). */
export const VC_QH = 1;
/** p-channel of the low-channel network. */
export const VC_PL = 2;
/** q-channel of the low-channel network (after crossing the boundary). */
export const VC_QL = 3;

/** ceil(N/2): label differences above it make a boundary link (seed 003 section 2.2.2). */
export function boundaryThreshold(nodes: number): number {
  return Math.ceil(nodes / 2);
}

/**
 * Seed 003 section 2.2.2: the link between labels a and b is a boundary link when
 * |a - b| > ceil(N/2); otherwise it is a common link (general when |a - b| = 1, shortcut
 * when 1 < |a - b| <= ceil(N/2)).
 */
export function isBoundaryLink(a: number, b: number, nodes: number): boolean {
  return Math.abs(a - b) > boundaryThreshold(nodes);
}

/**
 * Seed 003 section 2.2.3: the directed channel from label a to label b belongs to the
 * high-channel network when it is a common channel going up (a < b) or a boundary
 * channel going down (a > b); every other channel belongs to the low-channel network.
 */
export function inHighNetwork(a: number, b: number, nodes: number): boolean {
  return isBoundaryLink(a, b, nodes) ? b < a : b > a;
}

/**
 * The network a unicast from label s to label v uses when injected without a chosen
 * network (input class INJECT): the fixed message preparation of seed 003 section 3.2.2
 * applied to the single destination v. With h = ceil(N/2): if s < h, v goes high when
 * s < v < s + h; if s >= h, v goes low when s - h < v < s; otherwise the other network.
 */
export function fixedNetworkIsHigh(s: number, v: number, nodes: number): boolean {
  const h = boundaryThreshold(nodes);
  if (s < h) return s < v && v < s + h;
  return !(s - h < v && v < s);
}
