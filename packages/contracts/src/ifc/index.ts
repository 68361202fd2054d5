// IFC classes in words a person reads (issue 16): 墙 / Wall, 门 / Door … for the viewer's properties, tree,
// categories and search, and for anything else (exports, labels) that names an element by its class. The
// IFC class name itself (IFCWALLSTANDARDCASE) stays visible where the properties list it. Keys are the
// upper-case names the converter stores; `ifcClassLabel` accepts any case.
import type { Language } from '../common/language';

type Label = Readonly<{ name: string; nameEn: string }>;
const l = (name: string, nameEn: string): Label => ({ name, nameEn });

/**
 * Every class the sample models (samples/ifc) contain as an element or a container, and the common ones
 * of architecture, structure and building services beside them.
 */
export const IFC_CLASS_LABELS: Readonly<Record<string, Label>> = {
  // Spatial structure
  IFCPROJECT: l('项目', 'Project'),
  IFCSITE: l('场地', 'Site'),
  IFCBUILDING: l('建筑', 'Building'),
  IFCBUILDINGSTOREY: l('楼层', 'Storey'),
  IFCSPACE: l('空间', 'Space'),
  IFCZONE: l('区域', 'Zone'),
  // Architecture and structure
  IFCWALL: l('墙', 'Wall'),
  IFCWALLSTANDARDCASE: l('墙', 'Wall'),
  IFCWALLELEMENTEDCASE: l('墙', 'Wall'),
  IFCCURTAINWALL: l('幕墙', 'Curtain wall'),
  IFCDOOR: l('门', 'Door'),
  IFCDOORSTANDARDCASE: l('门', 'Door'),
  IFCWINDOW: l('窗', 'Window'),
  IFCWINDOWSTANDARDCASE: l('窗', 'Window'),
  IFCSLAB: l('板', 'Slab'),
  IFCSLABSTANDARDCASE: l('板', 'Slab'),
  IFCSLABELEMENTEDCASE: l('板', 'Slab'),
  IFCBEAM: l('梁', 'Beam'),
  IFCBEAMSTANDARDCASE: l('梁', 'Beam'),
  IFCCOLUMN: l('柱', 'Column'),
  IFCCOLUMNSTANDARDCASE: l('柱', 'Column'),
  IFCMEMBER: l('杆件', 'Member'),
  IFCMEMBERSTANDARDCASE: l('杆件', 'Member'),
  IFCPLATE: l('板材', 'Plate'),
  IFCPLATESTANDARDCASE: l('板材', 'Plate'),
  IFCSTAIR: l('楼梯', 'Stair'),
  IFCSTAIRFLIGHT: l('梯段', 'Stair flight'),
  IFCRAMP: l('坡道', 'Ramp'),
  IFCRAMPFLIGHT: l('坡道段', 'Ramp flight'),
  IFCROOF: l('屋顶', 'Roof'),
  IFCRAILING: l('栏杆', 'Railing'),
  IFCCOVERING: l('饰面', 'Covering'),
  IFCFOOTING: l('基础', 'Footing'),
  IFCPILE: l('桩', 'Pile'),
  IFCCHIMNEY: l('烟囱', 'Chimney'),
  IFCSHADINGDEVICE: l('遮阳构件', 'Shading device'),
  IFCOPENINGELEMENT: l('洞口', 'Opening'),
  IFCBUILDINGELEMENTPROXY: l('通用构件', 'Generic element'),
  IFCBUILDINGELEMENTPART: l('构件部件', 'Element part'),
  IFCELEMENTASSEMBLY: l('组合构件', 'Assembly'),
  IFCREINFORCINGBAR: l('钢筋', 'Reinforcing bar'),
  IFCREINFORCINGMESH: l('钢筋网', 'Reinforcing mesh'),
  IFCTENDON: l('预应力筋', 'Tendon'),
  IFCFURNISHINGELEMENT: l('家具', 'Furniture'),
  IFCFURNITURE: l('家具', 'Furniture'),
  IFCSYSTEMFURNITUREELEMENT: l('系统家具', 'System furniture'),
  IFCTRANSPORTELEMENT: l('运输设备', 'Transport element'),
  IFCGEOGRAPHICELEMENT: l('场地要素', 'Geographic element'),
  IFCVIRTUALELEMENT: l('虚拟构件', 'Virtual element'),
  IFCANNOTATION: l('注释', 'Annotation'),
  IFCGRID: l('轴网', 'Grid'),
  // Building services
  IFCPIPESEGMENT: l('管道', 'Pipe'),
  IFCPIPEFITTING: l('管件', 'Pipe fitting'),
  IFCDUCTSEGMENT: l('风管', 'Duct'),
  IFCDUCTFITTING: l('风管管件', 'Duct fitting'),
  IFCCABLECARRIERSEGMENT: l('桥架', 'Cable tray'),
  IFCCABLESEGMENT: l('电缆', 'Cable'),
  IFCFLOWSEGMENT: l('管段', 'Flow segment'),
  IFCFLOWFITTING: l('管件', 'Fitting'),
  IFCFLOWTERMINAL: l('末端设备', 'Terminal'),
  IFCFLOWCONTROLLER: l('控制设备', 'Flow controller'),
  IFCFLOWMOVINGDEVICE: l('动力设备', 'Flow moving device'),
  IFCFLOWSTORAGEDEVICE: l('储存设备', 'Storage device'),
  IFCFLOWTREATMENTDEVICE: l('处理设备', 'Treatment device'),
  IFCENERGYCONVERSIONDEVICE: l('能量转换设备', 'Energy conversion device'),
  IFCDISTRIBUTIONELEMENT: l('机电构件', 'Distribution element'),
  IFCDISTRIBUTIONCONTROLELEMENT: l('控制元件', 'Control element'),
  IFCSANITARYTERMINAL: l('卫浴设备', 'Sanitary terminal'),
  IFCAIRTERMINAL: l('风口', 'Air terminal'),
  IFCLIGHTFIXTURE: l('灯具', 'Light fixture'),
  IFCLAMP: l('灯', 'Lamp'),
  IFCOUTLET: l('插座', 'Outlet'),
  IFCSWITCHINGDEVICE: l('开关', 'Switch'),
  IFCVALVE: l('阀门', 'Valve'),
  IFCPUMP: l('水泵', 'Pump'),
  IFCFAN: l('风机', 'Fan'),
  IFCTANK: l('水箱', 'Tank'),
  IFCBOILER: l('锅炉', 'Boiler'),
  IFCCHILLER: l('冷水机组', 'Chiller'),
  IFCUNITARYEQUIPMENT: l('空调机组', 'Unitary equipment'),
  IFCFIRESUPPRESSIONTERMINAL: l('消防末端', 'Fire suppression terminal'),
  IFCSENSOR: l('传感器', 'Sensor'),
  IFCALARM: l('报警器', 'Alarm'),
  IFCELECTRICDISTRIBUTIONBOARD: l('配电箱', 'Distribution board'),
  IFCPRODUCT: l('构件', 'Element'),
};

/** The readable name of an IFC class (any case), or the class name itself when it has none. */
export function ifcClassLabel(ifcClass: string, language: Language): string {
  const label = IFC_CLASS_LABELS[ifcClass.toUpperCase()];
  if (!label) return ifcClass;
  return language === 'en-US' ? label.nameEn : label.name;
}

/**
 * What to call an element: its own name, or — unnamed — its class in words and its type
 * ("墙 · 基本墙:外墙 240" / "Wall · Basic Wall:Exterior 240"); a type that repeats the class adds nothing.
 */
export function elementDisplayName(
  element: { name: string | null; ifcClass: string; type?: string | null },
  language: Language,
): string {
  const name = element.name?.trim();
  if (name) return name;
  const kind = ifcClassLabel(element.ifcClass, language);
  const type = element.type?.trim();
  if (!type || type.toUpperCase() === element.ifcClass.toUpperCase() || type === kind) return kind;
  return `${kind} · ${type}`;
}
