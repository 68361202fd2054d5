// Which of the project's disciplines (its domains: 建筑, 结构, 给排水 …) a problem about an element belongs
// to, so the form raised from the viewer starts with it (issue 16). The model's own discipline (a model tag
// of type discipline) wins; else the element's, from its IFC class, the building services split by what
// they carry. A name is matched in either language, case and spacing ignored; nothing matched: none.
import type { ElementDiscipline } from '@lintel/contracts/models';

interface DomainLike {
  _id: string;
  name: string;
  nameEn: string;
}

const ARCHITECTURE = ['建筑', 'architecture', 'architectural'];
const STRUCTURE = ['结构', 'structure', 'structural'];
const PLUMBING = ['给排水', '给水排水', 'water supply and drainage', 'plumbing'];
const HVAC = ['暖通', '暖通空调', 'hvac'];
const ELECTRICAL = ['电气', '强电', 'electrical'];
const MEP = ['机电', 'mep'];
const FINISHES = ['装饰装修', '装饰', '精装修', 'decoration', 'interior'];
const SITE = ['场地', '总图', 'site', 'landscape'];

const PLUMBING_CLASSES = /^IFC(PIPE|SANITARY|VALVE|PUMP|FIRESUPPRESSION|TANK|WASTETERMINAL|INTERCEPTOR)/;
const HVAC_CLASSES =
  /^IFC(DUCT|AIRTERMINAL|AIRTOAIR|FAN|BOILER|CHILLER|COIL|UNITARYEQUIPMENT|COOLING|HEATEXCHANGER|HUMIDIFIER|DAMPER|ENERGYCONVERSION|SPACEHEATER)/;
const ELECTRICAL_CLASSES =
  /^IFC(CABLE|ELECTRIC|LIGHTFIXTURE|LAMP|OUTLET|SWITCHINGDEVICE|PROTECTIVEDEVICE|ALARM|SENSOR|TRANSFORMER|JUNCTIONBOX)/;

/** The candidate names for a building-services class, most specific first. */
function servicesNames(ifcClass: string): string[] {
  if (PLUMBING_CLASSES.test(ifcClass)) return [...PLUMBING, ...MEP];
  if (HVAC_CLASSES.test(ifcClass)) return [...HVAC, ...MEP];
  if (ELECTRICAL_CLASSES.test(ifcClass)) return [...ELECTRICAL, ...MEP];
  return [...MEP, ...PLUMBING, ...HVAC, ...ELECTRICAL];
}

/** The names a discipline goes by, most specific first, for an element of that IFC class. */
export function disciplineNames(discipline: ElementDiscipline, ifcClass: string): string[] {
  const name = ifcClass.toUpperCase();
  switch (discipline) {
    case 'architecture':
      return /^IFC(COVERING|FURNISHINGELEMENT|FURNITURE)$/.test(name)
        ? [...FINISHES, ...ARCHITECTURE]
        : ARCHITECTURE;
    case 'structure':
      return STRUCTURE;
    case 'mep':
      return servicesNames(name);
    case 'site':
      return SITE;
    default:
      return [];
  }
}

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/** The domain among `domains` named by the first of `names` that any domain carries. */
function firstNamed(domains: readonly DomainLike[], names: readonly string[]): string | null {
  for (const wanted of names.map(normalise)) {
    const domain = domains.find((d) => normalise(d.name) === wanted || normalise(d.nameEn) === wanted);
    if (domain) return domain._id;
  }
  return null;
}

/**
 * The domain to start a problem about this element with: the model's discipline tags first (their names as
 * given, then as a discipline they name), then the element's discipline. null when none matches.
 */
export function domainForElement(
  domains: readonly DomainLike[],
  element: { discipline: ElementDiscipline; ifcClass: string },
  modelDisciplines: readonly string[] = [],
): string | null {
  return (
    firstNamed(domains, modelDisciplines) ??
    firstNamed(domains, disciplineNames(element.discipline, element.ifcClass))
  );
}
