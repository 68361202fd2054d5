// The project settings' sections use the app's one unsaved-changes guard (components/UnsavedChanges.tsx).
export { UnsavedChangesProvider, useDirtyFlag, useUnsavedChanges } from '../../components/UnsavedChanges';
