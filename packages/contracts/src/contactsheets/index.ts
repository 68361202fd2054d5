/**
 * Contact sheets (联系单), worksheet-service (spec 000 §7, spec 001 §3/§5). Paths, below
 * `/api/v1/worksheet-service/`:
 *
 *   GET    projects/{id}/contactsheets               contactSheetsQuerySchema → ContactSheetSummary[] | {count}
 *   GET    projects/{id}/contactsheets/max-number    ?type= → ContactSheetMaxNumber
 *   POST   contactsheets                             contactSheetCreateSchema → ContactSheet
 *   GET    contactsheets/{id}                        → ContactSheet; ?download=true / ?preview=true → PDF
 *   PUT    contactsheets/{id}                        body contactSheetUpdateSchema (edit); ?read=true marks
 *                                                    read (no body); ?resend=true sends a recalled one again
 *   POST   contactsheets/{id}/replies                contactSheetReplyCreateSchema → ContactSheet
 *   POST   contactsheets/{id}/forward                contactSheetForwardSchema → ContactSheet
 *   GET    recall/contactsheets/{id}                 → ContactSheet (409 contactsheets.recallAfterReply)
 *   DELETE contactsheets?ids=a,b | ?prjId=           → {count} (all or nothing: 403 contactsheets.notDeletable)
 *
 * A deleted sheet answers 404 `contactsheets.deleted` ("the contact slip has been deleted"); a recalled one
 * answers its receivers 404 `contactsheets.recalled`. Notifications and to-dos use module `contactList`
 * with recordId the sheet id; rights are the permission templates' module `contactLists`.
 */
export * from './rules';
export * from './schemas';
