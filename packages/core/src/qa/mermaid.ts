import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { transitionsOf } from './structure.js';

/**
 * A machine as a Mermaid `stateDiagram-v2`: nested states as composite states, a parallel state's regions
 * separated by `--`, each transition an arrow labelled `event [guard]` (`always`, `after Nms`, `onDone(actor)`,
 * `onError(actor)` for XState's own), a transition that only runs actions a loop on its state, final states
 * ending in `[*]`, and invoked actors as a line of their state (`invoke: src`). The machine itself is the
 * outer state, so transitions it defines at its root start from it. Pure: the docs and the QA visualizer's
 * "export as Mermaid" use it.
 */
export function toMermaid(machine: AnyStateMachine): string {
  const idOf = (node: AnyStateNode | string) => {
    const id = typeof node === 'string' ? node : node.id;
    return id.replace(/[^A-Za-z0-9_]/g, '_');
  };
  const lines = ['stateDiagram-v2'];
  const transitions = transitionsOf(machine);

  const emit = (node: AnyStateNode, depth: number) => {
    const pad = '  '.repeat(depth);
    const id = idOf(node);
    const children = Object.values(node.states) as AnyStateNode[];
    lines.push(`${pad}state "${node.key}" as ${id}`);
    if (children.length > 0) {
      lines.push(`${pad}state ${id} {`);
      if (node.type === 'parallel') {
        children.forEach((child, i) => {
          if (i > 0) lines.push(`${pad}  --`);
          emit(child, depth + 1);
        });
      } else {
        const initial = node.initial?.target?.[0] as AnyStateNode | undefined;
        if (initial) lines.push(`${pad}  [*] --> ${idOf(initial)}`);
        for (const child of children) emit(child, depth + 1);
      }
      lines.push(`${pad}}`);
    }
    for (const invoke of node.invoke) {
      const src = typeof invoke.src === 'string' ? invoke.src : invoke.id;
      lines.push(`${pad}${id} : invoke ${src}`);
    }
    if (node.type === 'final') lines.push(`${pad}${id} --> [*]`);
  };

  lines.push(`  [*] --> ${idOf(machine.root)}`);
  emit(machine.root, 1);
  for (const t of transitions) {
    const label = t.label.replace(/[:;#]/g, ' ');
    for (const target of t.targets.length > 0 ? t.targets : [t.source])
      lines.push(`  ${idOf(t.source)} --> ${idOf(target)} : ${label}`);
  }
  return `${lines.join('\n')}\n`;
}
