import { describe, expect, it } from 'vitest';
import { checkArtifactHtml, refusedMarkup } from './frame-lockdown';

describe('the preview’s check of HTML strings', () => {
  it('lets ordinary markup through unchanged', () => {
    expect(checkArtifactHtml('<b class="x">hi</b><iframe></iframe>', 'Element innerHTML')).toBe(
      '<b class="x">hi</b><iframe></iframe>',
    );
    expect(refusedMarkup('<svg><rect/></svg>')).toBeNull();
  });

  it('refuses any srcdoc, in the markup or as the sink, whatever its case', () => {
    expect(() => checkArtifactHtml('<iframe SrcDoc="<script>x</script>">', 'Element innerHTML')).toThrow(
      /srcdoc/,
    );
    expect(() => checkArtifactHtml('<p>hi</p>', 'HTMLIFrameElement srcdoc')).toThrow(/srcdoc/);
  });

  it('refuses document.write, whose chunks would join into a tag no single chunk shows', () => {
    expect(() => checkArtifactHtml('<iframe src', 'Document write')).toThrow(/document.write/);
    expect(() => checkArtifactHtml('doc=x>', 'Document writeln')).toThrow(/document.write/);
  });

  it('refuses XML entity and attribute-list declarations, which could spell srcdoc with &#x64;', () => {
    expect(
      refusedMarkup('<!DOCTYPE r [<!ENTITY % d "<!ATTLIST iframe src&#x64;oc CDATA \'x\'>"> %d;]>'),
    ).toMatch(/entity/);
    expect(refusedMarkup('<!doctype r [<!attlist iframe a CDATA "x">]>')).toMatch(/entity/);
  });
});
