// Keys typed into a field are the field's, not a viewer tool's (shared by the tools' key handlers).

/** Keys typed into a field are the field's, not the viewer's. */
export function isTyping(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  if (!target) return false;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable;
}
