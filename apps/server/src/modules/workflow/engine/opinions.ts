import {
  type ApprovalNode,
  OPINION_KINDS,
  type OpinionKind,
  type WorkflowOpinion,
} from '@lintel/contracts/workflow';
import { AppError } from '../../../plugins/app-error';
import type { ErrorKey } from '../../../plugins/messages';

const OPINION_REQUIRED: Record<OpinionKind, ErrorKey> = {
  text: 'workflow.opinionTextRequired',
  image: 'workflow.opinionImageRequired',
  file: 'workflow.opinionFileRequired',
  mail: 'workflow.opinionMailRequired',
  signature: 'workflow.opinionSignatureRequired',
};

export function opinionHas(opinion: WorkflowOpinion, kind: OpinionKind): boolean {
  switch (kind) {
    case 'text':
      return (opinion.text ?? '').trim() !== '';
    case 'image':
      return (opinion.imageIds ?? []).length > 0;
    case 'file':
      return (opinion.fileIds ?? []).length > 0;
    case 'mail':
      return (opinion.mail ?? []).length > 0;
    default:
      return opinion.signatureFileId !== undefined;
  }
}

/** The node's opinion settings: a required kind missing or a kind the node turns off is a 400 naming it. */
export function checkOpinion(node: ApprovalNode, opinion: WorkflowOpinion): void {
  for (const kind of OPINION_KINDS) {
    const setting = node.opinions[kind];
    const has = opinionHas(opinion, kind);
    const params = { nodeId: node.id, nodeName: node.name, kind };
    if (setting === 'required' && !has) {
      throw new AppError(400, OPINION_REQUIRED[kind], {
        params,
        details: [{ path: `opinion.${kind}`, key: OPINION_REQUIRED[kind], params }],
      });
    }
    if (setting === 'off' && has) {
      throw new AppError(400, 'workflow.opinionKindOff', {
        params,
        details: [{ path: `opinion.${kind}`, key: 'workflow.opinionKindOff', params }],
      });
    }
  }
}
