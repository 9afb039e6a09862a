import type { RedemptionCancellation, redemptionCancelBody } from '@tern/sdk';
import type * as z from 'zod';
import type { RequestContext } from '../../http/context.js';

// Being built in this session (issue 25, RS).
type Body = z.output<typeof redemptionCancelBody>;
export async function previewCancel(_ctx: RequestContext, _body: Body): Promise<RedemptionCancellation> {
  throw new Error('redemption.cancelPreview: not built yet');
}
export async function cancelRedemption(_ctx: RequestContext, _body: Body): Promise<RedemptionCancellation> {
  throw new Error('redemption.cancel: not built yet');
}
