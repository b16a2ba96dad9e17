import type { HandoffEdge } from "../graph/schema";
import { depthLimitOf, type DepthLimit } from "./depth-limit";
import type { GraphIndex } from "./graph-index";

/** An edge that would put its child deeper than its parent may delegate. */
export interface ExceededEdge {
  edge: HandoffEdge;
  /** Depth the child would have through this edge. */
  childDepth: number;
  limit: DepthLimit;
}

/** What a walk from the root finds. */
export interface RootWalk {
  /** Shortest depth of every agent reachable through compiled edges (root = 0). */
  depth: Map<string, number>;
  /** Edges the runtime will get, in document order. */
  compiled: HandoffEdge[];
  /** Edges from reachable parents that are too deep to compile, in document order. */
  exceeded: ExceededEdge[];
}

/**
 * Breadth-first walk from the root that only follows edges within the depth
 * limit of their parent. BFS pops agents in order of shortest depth, and the
 * shallower an agent is the more it may delegate, so the first visit is both
 * the shortest path and the most permissive one. Self-edges only count as
 * general-purpose clones; other self-edges are errors and never compile.
 */
export function walkFromRoot(index: GraphIndex, rootId: string): RootWalk {
  const settings = index.document.settings;
  const depth = new Map<string, number>([[rootId, 0]]);
  const compiled = new Set<HandoffEdge>();
  const exceeded = new Map<HandoffEdge, ExceededEdge>();
  const queue = [rootId];
  for (let head = 0; head < queue.length; head++) {
    const parentId = queue[head];
    const parentDepth = depth.get(parentId)!;
    const limit = depthLimitOf(index.agents.get(parentId)!, settings);
    for (const edge of index.outgoing.get(parentId) ?? []) {
      if (edge.from === edge.to && !edge.generalPurpose) continue;
      if (parentDepth + 1 > limit.maxDepth) {
        exceeded.set(edge, { edge, childDepth: parentDepth + 1, limit });
        continue;
      }
      compiled.add(edge);
      if (!depth.has(edge.to)) {
        depth.set(edge.to, parentDepth + 1);
        queue.push(edge.to);
      }
    }
  }
  return {
    depth,
    compiled: index.edges.filter((e) => compiled.has(e)),
    exceeded: index.edges.filter((e) => exceeded.has(e)).map((e) => exceeded.get(e)!),
  };
}

/** Agents reachable from the root through any edge, ignoring depth limits. */
export function reachableIgnoringDepth(index: GraphIndex, rootId: string): Set<string> {
  const seen = new Set([rootId]);
  const queue = [rootId];
  for (let head = 0; head < queue.length; head++) {
    for (const edge of index.outgoing.get(queue[head]) ?? []) {
      if (!seen.has(edge.to)) {
        seen.add(edge.to);
        queue.push(edge.to);
      }
    }
  }
  return seen;
}

/** One concrete cycle: `agents[0] → agents[1] → … → agents[0]` through `edges`. */
export interface Cycle {
  agents: string[];
  edges: string[];
  /** Every agent of the strongly connected group the cycle belongs to. */
  group: string[];
}

/**
 * One representative cycle per strongly connected component of the handoff
 * graph (self-edges excluded: they are judged on their own). Tarjan's
 * algorithm, written iteratively so a 5,000-agent chain cannot overflow the
 * stack. Components come out in document order of their first agent.
 */
export function findCycles(index: GraphIndex): Cycle[] {
  const order = new Map<string, number>();
  index.document.agents.forEach((a, i) => order.has(a.id) || order.set(a.id, i));
  const components = stronglyConnected(index).filter((c) => c.length > 1);
  return components
    .map((component) => component.sort((a, b) => order.get(a)! - order.get(b)!))
    .sort((a, b) => order.get(a[0])! - order.get(b[0])!)
    .map((component) => ({ ...cycleThrough(index, component), group: component }));
}

function stronglyConnected(index: GraphIndex): string[][] {
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;
  const successors = (id: string) => (index.outgoing.get(id) ?? []).filter((e) => e.from !== e.to).map((e) => e.to);
  for (const start of index.agents.keys()) {
    if (indexOf.has(start)) continue;
    const frames: { id: string; next: string[]; i: number }[] = [];
    const open = (id: string) => {
      indexOf.set(id, counter);
      low.set(id, counter);
      counter++;
      stack.push(id);
      onStack.add(id);
      frames.push({ id, next: successors(id), i: 0 });
    };
    open(start);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1];
      if (frame.i < frame.next.length) {
        const to = frame.next[frame.i++];
        if (!indexOf.has(to)) open(to);
        else if (onStack.has(to)) low.set(frame.id, Math.min(low.get(frame.id)!, indexOf.get(to)!));
        continue;
      }
      frames.pop();
      const parent = frames[frames.length - 1];
      if (parent) low.set(parent.id, Math.min(low.get(parent.id)!, low.get(frame.id)!));
      if (low.get(frame.id) === indexOf.get(frame.id)) {
        const component: string[] = [];
        let id: string;
        do {
          id = stack.pop()!;
          onStack.delete(id);
          component.push(id);
        } while (id !== frame.id);
        components.push(component);
      }
    }
  }
  return components;
}

/** Shortest path from the component's first agent back to itself, staying inside the component. */
function cycleThrough(index: GraphIndex, component: string[]): Omit<Cycle, "group"> {
  const members = new Set(component);
  const start = component[0];
  const cameFrom = new Map<string, HandoffEdge>();
  const queue = [start];
  let closing: HandoffEdge | undefined;
  for (let head = 0; head < queue.length && !closing; head++) {
    for (const edge of index.outgoing.get(queue[head]) ?? []) {
      if (edge.from === edge.to || !members.has(edge.to)) continue;
      if (edge.to === start) {
        closing = edge;
        break;
      }
      if (!cameFrom.has(edge.to)) {
        cameFrom.set(edge.to, edge);
        queue.push(edge.to);
      }
    }
  }
  const edges: HandoffEdge[] = [closing!];
  for (let at = closing!.from; at !== start; at = cameFrom.get(at)!.from) edges.push(cameFrom.get(at)!);
  edges.reverse();
  return { agents: [start, ...edges.slice(0, -1).map((e) => e.to)], edges: edges.map((e) => e.id) };
}

/**
 * Agents ordered so every parent comes before its children along `edges`
 * (Kahn's algorithm; ties in the order of `ids`). Agents left on a cycle are
 * appended last, so callers never loop forever on a broken graph.
 */
export function topologicalOrder(ids: readonly string[], edges: readonly HandoffEdge[]): string[] {
  const members = new Set(ids);
  const inDegree = new Map(ids.map((id) => [id, 0]));
  const children = new Map<string, string[]>();
  for (const edge of edges) {
    if (edge.from === edge.to || !members.has(edge.from) || !members.has(edge.to)) continue;
    inDegree.set(edge.to, inDegree.get(edge.to)! + 1);
    const list = children.get(edge.from);
    if (list) list.push(edge.to);
    else children.set(edge.from, [edge.to]);
  }
  const result = ids.filter((id) => inDegree.get(id) === 0);
  for (let head = 0; head < result.length; head++) {
    for (const child of children.get(result[head]) ?? []) {
      const remaining = inDegree.get(child)! - 1;
      inDegree.set(child, remaining);
      if (remaining === 0) result.push(child);
    }
  }
  if (result.length < ids.length) {
    const placed = new Set(result);
    result.push(...ids.filter((id) => !placed.has(id)));
  }
  return result;
}
