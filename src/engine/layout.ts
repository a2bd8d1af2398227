/**
 * The flat memory layout of the WebAssembly engine (assembly/engine/), written and read by the
 * TypeScript host (input.ts, results.ts, feed.ts): one region of i32 (and a few f64) words,
 * addressed by byte offsets stored in the region's own header. (The JS reference engine keeps
 * its own objects, reference.ts.)
 * Every link inside the region is an index (slot, worm, VC), never an address, so two
 * copies of the region at different places compare byte for byte.
 * The rules the engines apply to it are in docs/model-flit.md.
 *
 *   +0     header     HEADER_WORDS x i32   (H_* below; H_O_* hold the byte offsets of the regions)
 *   +256   counters   COUNTERS x f64       (C_* below)
 *   ...    owner      i32[VCS + 1]         owner slot of every VC, -1 = free, -2 = freed by 'tail-sent'
 *                                          with its last holder's flits still in; the last word a
 *                                          spare (never owned)
 *          arb        i32[ARB_STRIDE*N*P]  per network channel (multiplexed only), the words read
 *                                          when a flit crosses it (A_* below): round-robin pointer,
 *                                          VCs held, flits carried, cycle of its last arbitration
 *          winner     i32[N*P]             multiplexed: the VC id winning the channel's arbitration
 *                                          this cycle (valid when A_STAMP is the cycle)
 *          alone      i32[N*P]             multiplexed: the slot whose ready move is so far the only
 *                                          one on the channel this cycle, -1 once a second one came
 *          chanFlits  i32[N*P]             flits carried per network channel (option channelUse; not
 *                                          multiplexed: multiplexed channels count in arb) by
 *                                          the slots that are over (results.ts adds the live ones)
 *          qHead      i32[N*Q]             injection queue head worm, -1 = empty
 *          qTail      i32[N*Q]
 *          worms      i32[WORMS * WORM_STRIDE]   (64-byte aligned)
 *          dests      i32[DESTS * DEST_STRIDE]
 *          tree       i32[TREE * TREE_STRIDE]
 *          slots      i32[SLOTS * SLOT_STRIDE]   (64-byte aligned: one record, one cache line)
 *          active     i32[WORMS]           the active list (order = service order)
 *          ready      i32[SLOTS]           multiplexed VCs: this cycle's posted moves (arbitrated, or
 *                                          deliveries that trigger worms), in visit order
 *          route      i32[WORMS]           multiplexed VCs: the routing list (active worms whose step 2
 *                                          is not over: a request, or a header not routed yet)
 *          injl       i32[WORMS]           multiplexed VCs, ready-list evaluation: worms whose source
 *                                          may inject this cycle
 *          waiters    i32[N]               per router: the first request parked on a VC whose
 *                                          buffer is there, + 1 (0 = none)
 *          vcq        i32[VCQ_STRIDE*N*P*V]  option vcRelease 'tail-sent' only: per network VC, the
 *                                          earlier holders still in its buffer (Q_* below)
 *          lat        i32[WIRE_STRIDE*(SLOTS + N*P*V)]  a flit or credit on a wire (linkLatency or
 *                                          linkLatency + creditDelay over 1) only: a wire record
 *                                          per slot (flits into its buffer), then per network VC
 *                                          (credits back to it) (WIRE_* below)
 *          inport     i32[IN_STRIDE*(N*P + N*Q)]  option switch 'per-port' only: per input port
 *                                          (network channels', then injection channels') (IN_* below)
 *          valloc     i32[2*VCS + 2*SLOTS]  option vcAllocator 'round-robin' only: per VC id a
 *                                          pointer and a group head; per slot a request-list entry
 *                                          and its next in the group
 *          lanes      i32[N*Q*(1 + LN_STRIDE*V) + 2*SLOTS]  option injectionBuffer 'lanes' only:
 *                                          per injection channel the lane taken last, per lane a
 *                                          record (LN_* below), per slot its lane and the slot
 *                                          behind it
 *
 * Header word 20 and flag bit 8 (F_*) are reserved: they held fields nothing reads any more (a
 * slot high-water mark, a ready flag); the indices after them stay as they were.
 */

/** Header words (i32). */
export const H_NODES = 0;
export const H_PORTS = 1;
export const H_V = 2;
/** Injection channels per node: 1 one-port, P all-port (ejection: H_QE). */
export const H_Q = 3;
export const H_B = 4;
export const H_R = 5;
export const H_S = 6;
export const H_WATCHDOG = 7;
/** FLAG_* bits: the run's options the engine reads (VCs multiplexed, channelUse, injection, vcRelease, treeReplication). */
export const H_FLAGS = 8;
export const H_WORMS = 9;
export const H_SLOTCAP = 10;
/** The next cycle to simulate. */
export const H_CYCLE = 11;
export const H_NEXTCREATE = 12;
export const H_ACTIVE_N = 13;
export const H_FREESLOT = 14;
export const H_DONE = 15;
export const H_STATUS = 16;
/** Last cycle in which a flit moved or a VC was granted. */
export const H_LASTPROGRESS = 17;
export const H_LIVESLOTS = 18;
export const H_MAXSLOTS = 19;
// word 20: reserved (unused)
/** VCs per routing VC class (K): a header may take any free one of its class's K VCs. */
export const H_K = 21;
/** Length of the routing list (multiplexed VCs). */
export const H_ROUTE_N = 22;
/**
 * Multiplexed VCs: a cycle that starts with at least this many live slots is evaluated with the
 * ready list, a smaller one with moves during the walk (docs/model-flit.md "Evaluation order").
 */
export const H_READY_AT = 23;
/**
 * 1 while cycles are evaluated by the walk, which keeps the routing list and the A_HELD counts
 * up to date; the ready list does not (a cycle with H_READY_AT live slots or more switches to
 * it; one with fewer than half as many switches back and rebuilds both).
 */
export const H_WALK = 24;
/**
 * Ejection (consumption) channels per node, QE: 1 (one-port), P (all-port: one per incoming link)
 * or P x V (option consumption 'vc': one per incoming virtual channel). docs/model-flit.md "Channels".
 */
export const H_QE = 25;
/**
 * Worm records (the worm region's capacity). Worms are created in the order of their absolute
 * numbers 0, 1, ... < H_WORMS (the count written so far); worm number n lives in record
 * n mod H_WCAP. A run given all its worms at once has H_WCAP = H_WORMS (record = number); a
 * streamed run (src/engine/feed.ts) reuses the records of finished multicasts.
 */
export const H_WCAP = 26;
// byte offsets of the regions (relative to the region base)
export const H_O_OWNER = 32;
/** Per network channel, when VCs are multiplexed: a record of ARB_STRIDE words (A_* below). */
export const H_O_ARB = 33;
/** The inject list of the ready-list evaluation (multiplexed only). */
export const H_O_INJL = 34;
/** Per network channel (multiplexed): the VC id winning its arbitration this cycle. */
export const H_O_WINNER = 35;
/** Per network channel (multiplexed): the slot whose ready move is alone on it so far this cycle, or -1. */
export const H_O_ALONE = 36;
export const H_O_CHFLITS = 37;
export const H_O_QHEAD = 38;
export const H_O_QTAIL = 39;
export const H_O_WORM = 40;
export const H_O_DEST = 41;
export const H_O_TREE = 42;
export const H_O_SLOT = 43;
export const H_O_ACTIVE = 44;
/** VC id bases: injection VCs start at INJ, ejection VCs at EJ. */
export const H_INJ = 45;
export const H_EJ = 46;
export const H_O_READY = 47;
/** The routing list: active worms with step 2 still to do, in active-list order (multiplexed only). */
export const H_O_ROUTE = 48;
export const H_O_WAIT = 49;
/** Option vcRelease 'tail-sent': per network VC a record of VCQ_STRIDE words (Q_* below). */
export const H_O_VCQ = 50;
/** Option linkLatency (cycles per network channel traversal, 1 by default). */
export const H_LAT = 51;
/**
 * linkLatency or linkLatency + creditDelay over 1 only: per slot, then per network VC, a wire record (WIRE_* below): the flits
 * sent into the slot's buffer, and the credits sent back to the VC (a flit left its buffer),
 * still on the wire.
 */
export const H_O_LAT = 52;
/**
 * Kernel traffic (docs/traffic.md "Traffic drawn by the kernel"): byte offset, from the region's
 * base, of the generator region (G_* below) the kernel draws its unicast messages from, or 0 for a
 * run whose worms the host writes.
 */
export const H_GEN = 53;
/**
 * Kernel traffic: the absolute number of the oldest worm not yet retired (its statistics taken and
 * its record free again); the worms H_WFREED .. H_WORMS - 1 occupy records.
 */
export const H_WFREED = 54;
/** Byte offset of the input-port records (option switch 'per-port'; 0 words otherwise). */
export const H_O_INPORT = 55;
/**
 * Multicast groups retired by the kernel (docs/traffic.md "Multicast groups retired by the
 * kernel"): byte offset, from the region's base, of a statistics region in the generator's layout
 * (G_* below, with the group rings G_O_GROUP, G_O_GDEST) for a run whose worms the host writes;
 * 0 when the host reads every group's times back itself.
 */
export const H_GROUPS = 56;
/**
 * Option creditDelay (docs/model-flit.md "Time"): cycles a credit takes beyond H_LAT (H_LAT + this
 * 1..31); with H_LAT or H_LAT + this over 1 the wire records of H_O_LAT are present.
 */
export const H_CREDIT_DELAY = 57;
/**
 * Option vcAllocator 'round-robin' (docs/model-flit.md "BookSim's router"): byte offset of the VC
 * allocator's region: per VC id its pointer (the input index it granted last, for the output VC
 * class whose first VC that is) and its group head, then per slot an entry of the cycle's request
 * list and its next in its group (0 words otherwise).
 */
export const H_O_VALLOC = 58;
/**
 * Option injectionBuffer 'lanes' (docs/model-flit.md "BookSim's router"): byte offset of the lane
 * region: per injection channel the lane taken last, per lane a record (LN_* below), per slot its
 * lane and the slot queued behind it there (0 words otherwise).
 */
export const H_O_LANES = 59;
export const HEADER_WORDS = 64;

/**
 * Words of a channel's arbitration record (multiplexed VCs): one 16-byte record holds all that a
 * flit crossing the channel reads and writes.
 */
/** Id of the VC that moved last (round-robin pointer); at first the channel's last VC. */
export const A_RR = 0;
/** Network VCs of the channel held by a slot. */
export const A_HELD = 1;
/** Flits carried (the channel's utilisation; counted whether or not channelUse asks for it). */
export const A_FLITS = 2;
/** Cycle of the channel's last arbitration entry. */
export const A_STAMP = 3;
export const ARB_STRIDE = 4;

/**
 * Words of an input port's record (option switch 'per-port', region H_O_INPORT): network channel
 * ch's buffers at its downstream router are input port ch; node a's injection channel q is input
 * port N P + a Q + q. The allocator's input stage (docs/model-flit.md "Arbitration").
 */
/** Input VC index that sent a flit last (round-robin pointer); at first V - 1. */
export const IN_RR = 0;
/** Cycle of the port's last input-stage entry. */
export const IN_STAMP = 1;
/** The slot winning the port so far this cycle. */
export const IN_WIN = 2;
/** Its input VC index. */
export const IN_WVC = 3;
export const IN_STRIDE = 4;

/**
 * Words of an injection lane's record (option injectionBuffer 'lanes', region H_O_LANES): injection
 * channel i's lane l is record i V + l.
 */
/** Flits of its messages in it. */
export const LN_HELD = 0;
/** The youngest message's injection slot in it, -1 if none (a new one queues behind it). */
export const LN_LAST = 1;
export const LN_STRIDE = 2;

/**
 * Words of a network VC's queue record (option vcRelease 'tail-sent'): the slots that freed the VC
 * when their tail came in (F_RELEASED) and still have flits in its buffer, ahead of its holder.
 */
/** Their flits in the buffer. */
export const Q_OCC = 0;
/** The youngest of them, -1 if none (the holder granted after it queues behind it: S_CHAN). */
export const Q_LAST = 1;
/** The last cycle one of their flits left (room is read at the start of the cycle). */
export const Q_DEC = 2;
export const VCQ_STRIDE = 4;

/**
 * Words of a wire record (linkLatency or linkLatency + creditDelay over 1, region H_O_LAT): the events (a flit sent into a
 * slot's buffer, or a credit back to a network VC) still on the wire, at most one a cycle.
 */
/** The last cycle an event happened. */
export const WIRE_LAST = 0;
/** Bit i: an event happened in cycle WIRE_LAST - i. */
export const WIRE_MASK = 1;
export const WIRE_STRIDE = 2;

export const FLAG_MUX = 1;
export const FLAG_CHANNEL_USE = 2;
/** Option injection 'back-to-back' (docs/model-flit.md "The source"); clear: 'after-tail'. */
export const FLAG_BACK_TO_BACK = 4;
/** Option vcRelease 'tail-sent' (docs/model-flit.md "One cycle t" 4b); clear: 'tail-credit'. */
export const FLAG_TAIL_SENT = 8;
/** Option treeReplication 'lockstep' (docs/model-flit.md "Tree replication"); clear: 'independent'. */
export const FLAG_LOCKSTEP = 16;
/** Option switch 'per-port' (docs/model-flit.md "Arbitration", the input stage); clear: 'per-vc'. */
export const FLAG_PER_PORT = 32;
/** Option queuedHeader 'pipelined' (docs/model-flit.md "One cycle t" 4b); clear: 'router-delay'. */
export const FLAG_QUEUED_PIPELINED = 64;
/**
 * Option readyListAt not given: above the threshold the walk is kept while the cycles' moves stay
 * dense (docs/model-flit.md "Evaluation order"); clear: the threshold alone decides.
 */
export const FLAG_READY_AUTO = 128;
/** Option ejection 'vcs' (docs/model-flit.md "BookSim's router"): V ejection VCs per node, one flit a cycle over them. */
export const FLAG_EJECTION_VCS = 256;
/** Option lateGrant 'next-cycle' (docs/model-flit.md "BookSim's router"). */
export const FLAG_LATE_GRANT = 512;
/** Option vcAllocator 'round-robin' (docs/model-flit.md "BookSim's router"). */
export const FLAG_VC_ROUND_ROBIN = 1024;
/** Option injectionBuffer 'lanes' (docs/model-flit.md "BookSim's router"). */
export const FLAG_INJECTION_LANES = 2048;

/** Counters (f64, at byte 256). */
export const COUNTERS_BYTE = 256;
export const C_FLITHOPS = 0;
export const C_INJECTED = 1;
export const C_EJECTED = 2;
export const C_VCWAIT = 3;
export const C_SAMEGROUP = 4;
export const C_SHARING = 5;
export const C_GRANTS = 6;
export const COUNTERS = 16;

/** Run status (H_STATUS). */
export const ST_RUNNING = 0;
export const ST_FINISHED = 1;
export const ST_DEADLOCK = 2;
export const ST_LIMIT = 3;
export const ST_NO_SLOTS = 4;
export const ST_BAD_ROUTE = 5;
/** Kernel traffic: a message was due and every worm record held a message in flight (the network does not keep up). */
export const ST_SATURATED = 6;

/**
 * Worm fields (i32). The fields every cycle reads come first: with the region 64-byte aligned
 * and 96-byte records, the first 8 fields of a worm always share one cache line.
 */
export const W_STATE = 0;
export const W_SLOTS = 1;
export const W_TOSEND = 2;
export const W_START = 3;
export const W_FLITS = 4;
export const W_LIVE = 5;
export const W_WAIT = 6;
export const W_GROUP = 7;
export const W_KIND = 8;
export const W_INJVC = 9;
export const W_DELIVERED = 10;
export const W_SRC = 11;
/** Cycle the header crossed the injection channel (+1: arrival time), -1 before. */
export const W_INJECT = 12;
export const W_NEXTQ = 13;
export const W_INJQ = 14;
/** Creation cycle, or -1 for a worm started by a trigger (software forwarding). */
export const W_CREATED = 15;
export const W_DEST = 16;
export const W_NDEST = 17;
/** First tree entry of a tree worm (its root, at the source), else -1. */
export const W_TREE = 18;
/** Worms triggered by this worm's deliveries (linked through W_NEXTTRIG), in send order. */
export const W_FIRSTTRIG = 19;
export const W_NEXTTRIG = 20;
export const W_ACT = 21;
export const W_DONE = 22;
/** The worm's routing key (src/engine/worm-key.ts; 0 unless its routing function reads one). */
export const W_KEY = 23;
export const WORM_STRIDE = 24;

export const KIND_UNICAST = 0;
export const KIND_PATH = 1;
export const KIND_TREE = 2;

export const WS_WAITING = 0;
export const WS_QUEUED = 1;
export const WS_REQUEST = 2;
export const WS_SENDING = 3;
export const WS_DONE = 4;

/** Destination record fields (i32). */
export const D_NODE = 0;
export const D_HEAD = 1;
export const D_TAIL = 2;
export const D_WORM = 3;
export const DEST_STRIDE = 4;

/** Tree entry fields (i32): entry 0 of a worm's tree is its source. */
export const T_NODE = 0;
export const T_PARENT = 1;
export const T_PORT = 2;
/** VC index within the channel: class * K + copy. */
export const T_VC = 3;
/** Destination record delivered at this tree node, or -1. */
export const T_DEST = 4;
export const T_CHILD = 5;
export const T_SIB = 6;
/**
 * 1: the edge names its VC exactly (TreeEdge.copy given); 0: a header takes any free one of its
 * class's K VCs at this edge, as unicast and path worms do (issue 10 item 4: `--vcs K`).
 */
export const T_EXACT = 7;
export const TREE_STRIDE = 8;

/** Slot fields (i32). */
export const S_WORM = 0;
export const S_VC = 1;
export const S_PARENT = 2;
export const S_CHILD = 3;
export const S_SIB = 4;
/** Next slot of the same worm (newest first), or next free slot. */
export const S_NEXT = 5;
export const S_IN = 6;
export const S_OUT = 7;
export const S_NODE = 8;
/** Header arrival time (-1 before); while the slot is parked (F_PARKED): the next slot parked at its router, or -1. */
export const S_HEAD = 9;
export const S_FLAGS = 10;
/**
 * Path: index of the destination the header heads for; tree: its tree entry; ejection slot:
 * the destination record it delivers.
 */
export const S_TARGET = 11;
/** VC class (the vcIn of the next route); -1 on an injection slot. */
export const S_CLASS = 12;
/** Previous (newer) slot of the same worm, or -1 at the head of its list (O(1) unlinking). */
export const S_PREV = 13;
/** Port of the channel at its upstream node (injection slot: its q). */
export const S_PORT = 14;
/** Physical network channel of a network slot (vc / V, kept to spare a division). */
export const S_CHAN = 15;
export const SLOT_STRIDE = 16;

export const F_PENDING = 1;
export const F_EJECT = 2;
export const F_ROUTED = 4;
// bit 8: reserved (unused since the ready list replaced it; the other bits keep their values)
export const F_DEAD = 16;
export const F_NET = 32;
/** A tree edge names its exact VC: no choice among the K VCs of its class. */
export const F_EXACT = 64;
/**
 * The slot passed a flit on during this cycle (its buffer space frees only next cycle): set by
 * the evaluations that move during the visit (one VC per link, and the walk's moves at once with
 * multiplexed VCs), read by the room check of its parent, cleared at the slot's next visit.
 */
export const F_MOVED = 128;
/**
 * A request (K = 1 or an exact VC) parked on the waiter list of its router (S_NODE): the VC it
 * waits for has not been freed since it last found it held, so it still is, by the same
 * holder. The slot is woken (flag cleared) when a VC into that router with parked requests is
 * freed (a request woken for another VC finds its own still held and parks again).
 */
export const F_PARKED = 256;
/** Parked, and the holder belongs to the same multicast (one same-multicast wait per cycle). */
export const F_SAMEG = 512;
/** The slot holds a VC on whose waiter list some request is parked: freeing it wakes them. */
export const F_WAITED = 1024;
/** Multiplexed VCs: a ready move that shares a channel with another this cycle (it must win arbitration). */
export const F_CONTEND = 2048;
/**
 * vcRelease 'tail-sent': the slot freed its VC when its tail came in; its S_CHAN then names the
 * slot queued behind it in the VC's buffer (-1 none) and its VC's owner is another slot or -2
 * (none yet; the VC still counts in A_HELD).
 */
export const F_RELEASED = 4096;
/** vcRelease 'tail-sent': an earlier holder's flits are ahead of this slot's in its VC's buffer: not routed yet. */
export const F_BEHIND = 8192;
/** Switch 'per-port': the move lost its input port this cycle (the ready list's pass 2 skips it). */
export const F_INLOST = 16384;
/**
 * Option lateGrant 'next-cycle': the request was granted in this cycle after waiting in earlier
 * ones, so no flit passes into it before the next (cleared when pass 1 next visits it).
 */
export const F_LATE = 32768;
/**
 * vcRelease 'tail-sent': the last released slot ahead of this holder in its VC's buffer left (its
 * F_BEHIND cleared) in a cycle whose start may still count one of its flits (Q_DEC); until a test
 * finds that cycle past, `queued` is read for it as for F_BEHIND (a holder with neither has no
 * earlier holder's flit ahead: queued is 0 and not read).
 */
export const F_FRONTNOW = 65536;

/*
 * The generator region (kernel traffic, header word H_GEN): what the kernel needs to draw a
 * dynamic unicast run's messages itself, as src/experiment/run/traffic-stream.ts draws them, and
 * to retire them into the statistics of src/experiment/run/stream-stats.ts (docs/traffic.md
 * "Traffic drawn by the kernel"). Layout, from its start (every part 8-byte aligned):
 *
 *   +0     header     GEN_HEADER_WORDS x i32 (G_* below; G_O_* byte offsets from the region's start)
 *   +256   values     GEN_VALUES x f64 (GV_* below: parameters and sums)
 *          node       i32[NODE_STRIDE * N]  per node: its streams and its next arrival (N_* below)
 *          clock      f64[N]               exponential and uniform gaps: each node's arrival clock
 *          heap       i32[N]               nodes by (next arrival, node): a binary heap
 *          fixed      i32[N]               permutation patterns: every source's destination
 *          hot        i32[G_NHOT]          hotspot: the hot nodes
 *          sizes      i32[G_NSIZES]        a size mix: its sizes, then f64[G_NSIZES] cumulative weights
 *          hist       f64[HIST_BINS]       latency histogram counts (latency-histogram.ts bins)
 *          accepted   f64[N]               flits accepted per node in the window
 *          batch      f64[2 * G_BATCHES]   batch means: latency sums, then counts, per span
 *          cal        i32[CAL_BUCKETS]     the calendar of arrivals: per cycle mod CAL_BUCKETS, the
 *                                          first node of its bucket (N_LINK the next; built by the
 *                                          kernel from the heap on its first call, G_CALINIT)
 */
/** Generator header words (i32). */
export const G_NODES = 0;
/** PROC_* below. */
export const G_PROCESS = 1;
/** Nodes in the heap (with an arrival still to send). */
export const G_HEAP_N = 2;
/** Messages are created in cycles [0, G_CYCLES) (every process but batch). */
export const G_CYCLES = 3;
/** 1: a source may address itself (option self). */
export const G_SELF = 4;
/** PAT_* below. */
export const G_PATTERN = 5;
export const G_NHOT = 6;
/** Sizes of the mix (0: every message G_FLITS flits). */
export const G_NSIZES = 7;
export const G_FLITS = 8;
/** The measured window [G_FROM, G_TO) of creation times (G_TO: the requested end). */
export const G_FROM = 9;
export const G_TO = 10;
/** Spans of the window for batch means (0: none). */
export const G_BATCHES = 11;
/** The last tail delivery of any retired message, -1 with none (a batch's drain time). */
export const G_LASTTAIL = 12;
/** The run's routeSeed and its routing function's key count (src/engine/worm-key.ts; <= 1: no key). */
export const G_ROUTESEED = 13;
export const G_KEYS = 14;
export const G_O_NODE = 16;
export const G_O_CLOCK = 17;
export const G_O_HEAP = 18;
export const G_O_FIXED = 19;
export const G_O_HOT = 20;
export const G_O_SIZES = 21;
export const G_O_CUM = 22;
export const G_O_HIST = 23;
export const G_O_ACCEPT = 24;
export const G_O_BATCH = 25;
/**
 * Multicast groups (header word H_GROUPS): the ring of group records (GR_* below; group g is
 * record g mod G_GCAP), the ring of their destination sets (G_GDCAP words; a group's set is
 * contiguous), the groups written by the host and the groups retired by the kernel (absolute counts).
 */
export const G_O_GROUP = 26;
export const G_GCAP = 27;
export const G_O_GDEST = 28;
export const G_GDCAP = 29;
export const G_GWRITTEN = 30;
export const G_GFREED = 31;
/**
 * Multicast groups: per node, a group's first tail delivery there while the kernel retires the
 * group (NB_* below), so that a group's records are read once whatever its size.
 */
export const G_O_NODEBEST = 32;
/** The calendar of arrivals (generator.ts): its bucket heads, whether it is built, the next cycle to generate. */
export const G_O_CAL = 33;
export const G_CALINIT = 34;
export const G_CALNOW = 35;
/** Buckets of the calendar, a power of two: a node's arrival c is in bucket c mod CAL_BUCKETS. */
export const CAL_BUCKETS = 4096;
export const GEN_HEADER_WORDS = 64;
/** Generator values (f64, at byte GEN_VALUES_BYTE). */
export const GEN_VALUES_BYTE = 256;
/** Messages per cycle (Bernoulli, exponential, uniform). */
export const GV_RATE = 0;
/** ln(1 - rate) (Bernoulli gaps), by the deterministic log of src/traffic/det-log.ts. */
export const GV_LNRATE = 1;
/** onoff: alpha, beta, ln(1 - alpha), the rate in the on state. */
export const GV_ALPHA = 2;
export const GV_BETA = 3;
export const GV_LNALPHA = 4;
export const GV_ONRATE = 5;
/** hotspot: the fraction of messages sent to a hot node. */
export const GV_HOTFRAC = 6;
/** The statistics of the retired messages (stream-stats.ts's fields). */
export const GV_MULTICASTS = 8;
export const GV_COMPLETED = 9;
export const GV_DESTCOUNT = 10;
export const GV_LATSUM = 11;
export const GV_LATMAX = 12;
export const GV_NETSUM = 13;
export const GV_COMPSUM = 14;
export const GV_COMPMAX = 15;
export const GV_GENFLITS = 16;
export const GV_HOPSUM = 17;
export const GV_HISTN = 18;
export const GV_HISTMAX = 19;
export const GEN_VALUES = 24;
/** Per-node record (i32): the arrival, destination and size streams (mulberry32 states), the next arrival, batch messages left, onoff state. */
export const N_ARR = 0;
export const N_DEST = 1;
export const N_SIZE = 2;
export const N_NEXT = 3;
export const N_LEFT = 4;
export const N_ON = 5;
/** The next node in the calendar bucket of this node's arrival (-1: the last). */
export const N_LINK = 6;
export const NODE_STRIDE = 7;
export const PROC_BERNOULLI = 0;
export const PROC_EXPONENTIAL = 1;
export const PROC_UNIFORM = 2;
export const PROC_ONOFF = 3;
export const PROC_BATCH = 4;
/** Uniform over the other nodes (or every node with G_SELF). */
export const PAT_UNIFORM = 0;
/** The fixed table (permutations and randperm). */
export const PAT_FIXED = 1;
export const PAT_HOTSPOT = 2;
/**
 * A multicast group's record (i32; H_GROUPS): its creation, its first worm's source and flits, its
 * worms (absolute numbers GR_FIRST .. GR_FIRST + GR_COUNT - 1) and its destination set (GR_NDESTS
 * words from index GR_DESTS of the G_O_GDEST ring), what src/experiment/run/stream-stats.ts reads
 * of a FedGroup (src/engine/feed.ts).
 */
export const GR_CREATED = 0;
export const GR_SRC = 1;
export const GR_FLITS = 2;
export const GR_FIRST = 3;
export const GR_COUNT = 4;
export const GR_DESTS = 5;
export const GR_NDESTS = 6;
export const GROUP_STRIDE = 7;
/** Per node (G_O_NODEBEST): the group (number + 1) that last wrote it, its first tail there, that tail's network latency. */
export const NB_GROUP = 0;
export const NB_TAIL = 1;
export const NB_NET = 2;
export const NODEBEST_STRIDE = 3;
/** Bins of the latency histogram (src/experiment/run/latency-histogram.ts: 1024 + 22 x 512). */
export const HIST_BINS = 12288;

/** Sizes that determine a layout. */
export interface LayoutSizes {
  nodes: number;
  ports: number;
  /** VCs per physical network channel: the routing function's classes x K. */
  vcs: number;
  /** Injection channels per node: 1 one-port, ports all-port. */
  q: number;
  /** Ejection channels per node (H_QE). */
  qe: number;
  worms: number;
  dests: number;
  treeEntries: number;
  slots: number;
  mux: boolean;
  channelUse: boolean;
  /** Option vcRelease 'tail-sent' (a queue record per network VC). */
  tailSent?: boolean;
  /** linkLatency or linkLatency + creditDelay over 1 (the wire records of H_O_LAT). */
  wires?: boolean;
  /** Option switch 'per-port' (the input-port records of H_O_INPORT). */
  perPort?: boolean;
  /** Option ejection 'vcs': an arbitration record per node's ejection channel after the network channels'. */
  ejectionVcs?: boolean;
  /** Option vcAllocator 'round-robin' (the region of H_O_VALLOC). */
  vcRoundRobin?: boolean;
  /** Option injectionBuffer 'lanes' (the region of H_O_LANES). */
  injectionLanes?: boolean;
}

/** Byte offsets of every region and the total size. */
export interface Layout {
  sizes: LayoutSizes;
  owner: number;
  arb: number;
  winner: number;
  alone: number;
  chanFlits: number;
  qHead: number;
  qTail: number;
  worm: number;
  dest: number;
  tree: number;
  slot: number;
  active: number;
  ready: number;
  route: number;
  injl: number;
  waiters: number;
  vcq: number;
  lat: number;
  /** Input-port records (switch 'per-port'). */
  inport: number;
  /** The VC allocator's region (vcAllocator 'round-robin'). */
  valloc: number;
  /** The injection lanes' region (injectionBuffer 'lanes'). */
  lanes: number;
  bytes: number;
  vcTotal: number;
  injBase: number;
  ejBase: number;
}

/**
 * Lay the regions out one after another, 8-byte aligned; the worm and slot regions are 64-byte
 * aligned (the engines align the region base likewise), so a 64-byte slot record is exactly one
 * cache line and the hot first 32 bytes of a worm record never straddle two.
 */
export function computeLayout(s: LayoutSizes): Layout {
  const channels = s.nodes * s.ports;
  const injBase = channels * s.vcs;
  const ejBase = injBase + s.nodes * s.q;
  const vcTotal = ejBase + s.nodes * s.qe;
  let at = COUNTERS_BYTE + COUNTERS * 8;
  const take = (words: number, align = 8): number => {
    at = Math.ceil(at / align) * align;
    const o = at;
    at += Math.ceil((words * 4) / 8) * 8;
    return o;
  };
  // option ejection 'vcs': node a's ejection channel is arbitrated as channel N P + a
  const arb = s.mux ? channels + (s.ejectionVcs ? s.nodes : 0) : 0;
  // one spare word after the last VC: a slot that gave its VC up before its tail left names it
  const owner = take(vcTotal + 1);
  const arbs = take(ARB_STRIDE * arb, 16);
  const winner = take(arb);
  const alone = take(arb);
  const chanFlits = take(s.channelUse && !s.mux ? channels : 0);
  const qHead = take(s.nodes * s.q);
  const qTail = take(s.nodes * s.q);
  const worm = take(s.worms * WORM_STRIDE, 64);
  const dest = take(s.dests * DEST_STRIDE);
  const tree = take(s.treeEntries * TREE_STRIDE);
  const slot = take(s.slots * SLOT_STRIDE, 64);
  const active = take(s.worms);
  const ready = take(s.mux ? s.slots : 0);
  const route = take(s.mux ? s.worms : 0);
  const injl = take(s.mux ? s.worms : 0);
  const waiters = take(s.nodes);
  const vcq = take(s.tailSent ? VCQ_STRIDE * injBase : 0, 16);
  const lat = take(s.wires ? WIRE_STRIDE * (s.slots + injBase) : 0, 16);
  const inport = take(s.perPort ? IN_STRIDE * (channels + s.nodes * s.q) : 0, 16);
  const valloc = take(s.vcRoundRobin ? 2 * vcTotal + 2 * s.slots : 0, 16);
  const lanes = take(s.injectionLanes ? s.nodes * s.q * (1 + LN_STRIDE * s.vcs) + 2 * s.slots : 0, 16);
  return {
    sizes: s,
    owner,
    arb: arbs,
    winner,
    alone,
    chanFlits,
    qHead,
    qTail,
    worm,
    dest,
    tree,
    slot,
    active,
    ready,
    route,
    injl,
    waiters,
    vcq,
    lat,
    inport,
    valloc,
    lanes,
    bytes: at,
    vcTotal,
    injBase,
    ejBase,
  };
}
