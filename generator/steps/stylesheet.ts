/** The stylesheet with the font's faces: inside every page in a build, a file of its own in the dev server, which swaps it in place. */
import { joinReadings, readCss } from '../css';
import { BuildError } from '../failure';
import type { OutputFile } from '../writer';
import { config } from './config';
import { fonts } from './fonts';
import { defineStep } from './step';
import { styles } from './styles';

export const stylesheet = defineStep({
  name: 'stylesheet',
  needs: { config, styles, fonts },
  run: ({ config, styles, fonts }, { build }) => {
    const css = fonts.faces + styles.css;
    // Inside <style> nothing is escaped: the text must not end the element.
    if (/<\/style/i.test(css)) throw new BuildError('The stylesheet contains "</style", which would end the page\'s <style> element.');
    if (build.options.mode === 'production') {
      // The site's styles were read with them (styles step): the faces are read here. Each page's own is cut from it.
      const reading = joinReadings([readCss(fonts.faces), styles.reading]);
      return { css, reading, late: css, integrity: '', files: [] as OutputFile[] };
    }
    const linked = build.writer.asset(config.address.base, { name: 'main', extension: 'css', contents: css });
    return { css, reading: undefined, late: linked.href, integrity: linked.integrity, files: [linked.file] };
  },
});
