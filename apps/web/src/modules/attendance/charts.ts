import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

/*
 * Only the parts the attendance and violation charts use (bars, axes, legend, tooltip), drawn as SVG:
 * crisp at any zoom, light for a few hundred bars, and it renders in jsdom too. Imported by the lazy pages only — never by anything on /login.
 */
echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export { echarts };
