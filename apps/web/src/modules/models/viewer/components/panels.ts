// The side panels as one chunk the viewer loads after its first frame (ViewerPage.tsx): antd's Tree,
// Collapse, Descriptions, List and their helpers (~20 files) are not on the way to the first frame.
export { CategoryPanel } from './CategoryPanel';
export { PropertiesPanel } from './PropertiesPanel';
export { SpatialTreePanel } from './SpatialTreePanel';
