import type { CascaderOption, DistrictData } from '@lintel/contracts/districts';

/** The district data decoded, its Cascader options, and the label ↔ codes helpers that need it. */
export interface Districts {
  data: DistrictData;
  options: CascaderOption[];
  /** Codes along a Cascader value → the profile's city ('北京市/市辖区/东城区'). */
  label: (codes: readonly string[]) => string | undefined;
  /** The reverse, to show a saved city in the Cascader. */
  codes: (label: string) => string[] | undefined;
}

let loading: Promise<Districts> | null = null;

/**
 * Loads China's divisions (~70 KB of JSON, ~25 KB gzip, and the zod schema that checks it) once, when a city
 * picker first mounts: the data and its decoder are their own chunks, never part of a page's own code.
 */
export function loadDistricts(): Promise<Districts> {
  loading ??= Promise.all([import('@lintel/contracts/districts'), import('@lintel/contracts/districts.json')])
    .then(([helpers, json]) => {
      const data = helpers.decodeDistricts(json.default);
      return {
        data,
        options: helpers.buildCascaderOptions(data),
        label: (codes: readonly string[]) => helpers.cityLabel(data, codes),
        codes: (label: string) => helpers.cityCodesFromLabel(data, label),
      };
    })
    .catch((error: unknown) => {
      loading = null; // the next mount tries again
      throw error;
    });
  return loading;
}
