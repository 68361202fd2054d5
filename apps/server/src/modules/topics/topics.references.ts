import type { User } from '@lintel/contracts/account';
import { type CreateBody, invalid, type References, type TopicBase } from './topics.context';

/**
 * The people, discipline, settings, images and linked files a create or an update names, checked against
 * the project.
 */
export function createReferenceCheck(base: TopicBase) {
  const { repository, directory } = base;

  /** `user`: who attaches; images and linked files must be files they may read (issue 14). */
  async function checkReferences(projectId: string, refs: References, user: User): Promise<void> {
    const mayRead = (ids: readonly string[]) =>
      base.readableFiles === undefined ? Promise.resolve(true) : base.readableFiles(user, ids);
    const people = [...(refs.mentions ?? []), ...(refs.participants ?? [])];
    if (people.length > 0) {
      const members = await directory.membersAmong(projectId, people);
      if (refs.mentions?.some((id) => !members.has(id))) {
        throw invalid(400, 'topics.mentionNotMember', 'mentions');
      }
      if (refs.participants?.some((id) => !members.has(id))) {
        throw invalid(400, 'topics.participantNotMember', 'participants');
      }
    }
    if (refs.domainId) {
      const domain = await directory.domain(refs.domainId);
      if (!domain || domain.projectId !== projectId) throw invalid(400, 'topics.domainNotFound', 'domainId');
    }
    for (const [kind, id, key, path] of [
      ['species', refs.speciesId, 'topics.speciesNotFound', 'speciesId'],
      ['subcontract', refs.subcontractId, 'topics.subcontractNotFound', 'subcontractId'],
    ] as const) {
      if (!id) continue;
      const setting = await repository.findSetting(id);
      if (!setting || setting.project_id !== projectId || setting.kind !== kind)
        throw invalid(400, key, path);
    }
    if (refs.images?.length) {
      const files = await directory.files(refs.images);
      if (
        files.length !== new Set(refs.images).size ||
        files.some((f) => f.project_id !== projectId) ||
        !(await mayRead(refs.images))
      ) {
        throw invalid(400, 'topics.imageNotFound', 'images');
      }
      if (files.some((f) => !f.content_type.startsWith('image/'))) {
        throw invalid(400, 'topics.imageNotImage', 'images');
      }
    }
    const fileLinks = (refs.links ?? []).flatMap((link) => (link.type === 'file' ? [link.id] : []));
    if (fileLinks.length > 0) {
      const files = await directory.files(fileLinks);
      if (
        files.length !== new Set(fileLinks).size ||
        files.some((f) => f.project_id !== projectId) ||
        !(await mayRead(fileLinks))
      ) {
        throw invalid(400, 'topics.linkFileNotFound', 'links');
      }
    }
    const elementLinks = (refs.links ?? []).flatMap((link) =>
      link.type === 'element' ? [{ modelId: link.modelId, globalId: link.globalId }] : [],
    );
    if (elementLinks.length > 0) await base.assertElementLinks(projectId, elementLinks);
    if (refs.viewportId) {
      // The viewpoint is a view of this project, showing the elements the topic names.
      const viewport = await base.findViewport(projectId, refs.viewportId);
      if (!viewport) throw invalid(400, 'topics.viewportNotFound', 'viewportId');
      if (elementLinks.some((link) => !viewport.modelIds.includes(link.modelId)))
        throw invalid(400, 'topics.viewportOtherModel', 'viewportId');
    }
  }

  return { checkReferences };
}
export type ReferenceCheck = ReturnType<typeof createReferenceCheck>;

/** The link rows of a topic, in the order given. */
export function linkRows(topicId: string, projectId: string, links: NonNullable<CreateBody['links']>) {
  return links.map((link, position) => ({
    topic_id: topicId,
    project_id: projectId,
    position,
    type: link.type,
    model_id: link.type === 'element' ? link.modelId : null,
    global_id: link.type === 'element' ? link.globalId : null,
    target_id: link.type === 'element' ? null : link.id,
    module: link.type === 'record' ? link.module : null,
  }));
}
