import { transitionsOf } from '@tern/core/qa';
import ELK from 'elkjs/lib/elk.bundled.js';
import type { AnyStateMachine, AnyStateNode } from 'xstate';

/**
 * A machine's statechart as positioned boxes and arrows. The graph is read from the machine (core's
 * `transitionsOf`) and laid out by ELK (`elkjs`, loaded only with this page's chunk): nested states inside their
 * parent, a transition crossing levels routed between them.
 */

export interface ChartState {
  /** The state node's id (`machine.parent.child`). */
  id: string;
  /** Its key, the name drawn. */
  name: string;
  kind: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  /** A direct child of a parallel state: one of its regions. */
  region: boolean;
  initial: boolean;
  /** The sources of the actors it invokes. */
  invokes: string[];
  depth: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ChartTransition {
  key: string;
  label: string;
  /** The arrow's points, from its source to its target, absolute. */
  points: Array<{ x: number; y: number }>;
  labelAt: { x: number; y: number } | null;
}

export interface Chart {
  width: number;
  height: number;
  states: ChartState[];
  transitions: ChartTransition[];
}

/** Lays out an ELK graph (`elkjs`'s `layout`); a test may pass another. */
export type Layouter = (graph: ElkNode) => Promise<ElkNode>;

export interface ElkNode {
  id: string;
  width?: number;
  height?: number;
  x?: number;
  y?: number;
  layoutOptions?: Record<string, string>;
  labels?: Array<{ text: string; width?: number; height?: number; x?: number; y?: number }>;
  children?: ElkNode[];
  edges?: ElkEdge[];
}

export interface ElkEdge {
  id: string;
  sources: string[];
  targets: string[];
  container?: string;
  labels?: Array<{ text: string; width?: number; height?: number; x?: number; y?: number }>;
  sections?: Array<{
    startPoint: { x: number; y: number };
    endPoint: { x: number; y: number };
    bendPoints?: Array<{ x: number; y: number }>;
  }>;
}

const CHAR = 7;
const LINE = 16;
const PAD = 12;
/** The header line of a compound state (its name) above its children. */
const HEADER = 28;

const textWidth = (text: string) => Math.ceil(text.length * CHAR);

function kindOf(node: AnyStateNode): ChartState['kind'] {
  if (node.type === 'parallel') return 'parallel';
  if (node.type === 'final') return 'final';
  if (node.type === 'history') return 'history';
  return Object.keys(node.states).length > 0 ? 'compound' : 'atomic';
}

const invokesOfNode = (node: AnyStateNode) =>
  node.invoke.map((i) => (typeof i.src === 'string' ? i.src : (i.src as { id?: string }).id || i.id));

/** The ELK graph of a machine: one node per state (children nested), one edge per transition with a target. */
export function machineGraph(machine: AnyStateMachine): ElkNode {
  const nodeOf = (node: AnyStateNode): ElkNode => {
    const children = Object.values(node.states) as AnyStateNode[];
    const lines = [node.key, ...invokesOfNode(node).map((src) => `invokes ${src}`)];
    const width = Math.max(...lines.map(textWidth)) + 2 * PAD;
    if (children.length === 0) return { id: node.id, width, height: lines.length * LINE + 2 * PAD };
    return {
      id: node.id,
      layoutOptions: {
        'elk.padding': `[top=${HEADER + (lines.length - 1) * LINE},left=${PAD},bottom=${PAD},right=${PAD}]`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${width}, ${HEADER})`,
        ...(node.type === 'parallel' ? { 'elk.direction': 'RIGHT' } : {}),
      },
      children: children.map(nodeOf),
    };
  };
  const edges: ElkEdge[] = [];
  for (const t of transitionsOf(machine)) {
    // Only transitions between states are arrows: the root's own and target-less ones are listed, not drawn.
    if (t.source === machine.root.id) continue;
    const targets = t.targets.length > 0 ? t.targets : [t.source];
    for (const [i, target] of targets.entries()) {
      edges.push({
        id: `${t.key}>${i}`,
        sources: [t.source],
        targets: [target],
        labels: [{ text: t.label, width: textWidth(t.label), height: LINE }],
      });
    }
  }
  return {
    id: machine.root.id,
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.edgeRouting': 'POLYLINE',
      'elk.layered.spacing.nodeNodeBetweenLayers': '48',
      'elk.spacing.nodeNode': '32',
      'elk.spacing.edgeLabel': '4',
      'elk.edgeLabels.inline': 'false',
    },
    children: (Object.values(machine.root.states) as AnyStateNode[]).map(nodeOf),
    edges,
  };
}

/** The positioned chart from a laid-out graph (ELK's coordinates are relative to each node's parent). */
export function chartOf(machine: AnyStateMachine, laid: ElkNode): Chart {
  const byId = new Map<string, AnyStateNode>();
  const walk = (node: AnyStateNode) => {
    byId.set(node.id, node);
    for (const child of Object.values(node.states) as AnyStateNode[]) walk(child);
  };
  walk(machine.root);
  const origin = new Map<string, { x: number; y: number }>([[laid.id, { x: 0, y: 0 }]]);
  const states: ChartState[] = [];
  const place = (elk: ElkNode, dx: number, dy: number, depth: number) => {
    for (const child of elk.children ?? []) {
      const x = dx + (child.x ?? 0);
      const y = dy + (child.y ?? 0);
      origin.set(child.id, { x, y });
      const node = byId.get(child.id);
      if (node) {
        const parent = node.parent;
        states.push({
          id: node.id,
          name: node.key,
          kind: kindOf(node),
          region: parent?.type === 'parallel',
          initial: parent?.type === 'compound' && parent.initial?.target?.[0] === node,
          invokes: invokesOfNode(node),
          depth,
          x,
          y,
          width: child.width ?? 0,
          height: child.height ?? 0,
        });
      }
      place(child, x, y, depth + 1);
    }
  };
  place(laid, 0, 0, 0);
  const edgesOf = (elk: ElkNode): ElkEdge[] => [
    ...(elk.edges ?? []),
    ...(elk.children ?? []).flatMap(edgesOf),
  ];
  const transitions = edgesOf(laid).map((edge): ChartTransition => {
    const at = origin.get(edge.container ?? laid.id) ?? { x: 0, y: 0 };
    const move = (p: { x: number; y: number }) => ({ x: p.x + at.x, y: p.y + at.y });
    const points = (edge.sections ?? []).flatMap((s) => [
      move(s.startPoint),
      ...(s.bendPoints ?? []).map(move),
      move(s.endPoint),
    ]);
    const label = edge.labels?.[0];
    return {
      key: edge.id,
      label: label?.text ?? '',
      points,
      labelAt: label && label.x !== undefined ? move({ x: label.x, y: label.y ?? 0 }) : null,
    };
  });
  return { width: laid.width ?? 0, height: laid.height ?? 0, states, transitions };
}

/** ELK's bundled build (no worker file of its own to serve: it runs in the page's worker, `machines.worker.ts`). */
export const elkLayout: Layouter = async (graph) => {
  return (await new ELK().layout(graph as never)) as unknown as ElkNode;
};

/** A machine laid out as a chart. */
export async function layoutMachine(machine: AnyStateMachine, layout: Layouter = elkLayout): Promise<Chart> {
  return chartOf(machine, await layout(machineGraph(machine)));
}
