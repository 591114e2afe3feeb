import type { CommandBehaviour, CommandContext, CommandSpec } from '../transforms/spec.js';
import type { RunPlan } from './run-plan.js';

/**
 * The plan of one command over its inputs (listed in `ctx.inputs`): its stages built from
 * `args`, and what the command says about reading, rejected text and the files it writes.
 */
export function commandPlan(
  spec: CommandSpec,
  behaviour: CommandBehaviour,
  args: Readonly<Record<string, unknown>>,
  ctx: CommandContext,
): RunPlan {
  const stages = behaviour.stages(args, ctx);
  const select = behaviour.select?.(args);
  const readFile = behaviour.readFile?.(args, ctx);
  const rejectedText = behaviour.rejectedText?.(args);
  return {
    inputs: ctx.inputs,
    stages,
    output: spec.output,
    ...(select === undefined ? {} : { select }),
    ...(readFile === undefined ? {} : { readFile }),
    ...(rejectedText === undefined ? {} : { rejectedText }),
    outputFiles: behaviour.outputFiles?.(args) ?? [],
  };
}
