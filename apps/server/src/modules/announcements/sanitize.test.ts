import { announcementText } from '@lintel/contracts/announcements';
import { describe, expect, it } from 'vitest';
import { sanitizeAnnouncementHtml } from './sanitize';

describe('announcement content sanitising', () => {
  it('keeps the formatting whitelist as it is', () => {
    const html =
      '<h2>安全通知</h2><p><strong>粗体</strong> <em>斜体</em> <u>下划线</u> <s>删除</s> <code>x</code></p>' +
      '<ul><li>一</li></ul><ol start="3"><li>三</li></ol><blockquote><p>引用</p></blockquote><pre><code>a</code></pre><hr>';
    expect(sanitizeAnnouncementHtml(html)).toBe(
      '<h2>安全通知</h2><p><strong>粗体</strong> <em>斜体</em> <u>下划线</u> <s>删除</s> <code>x</code></p>' +
        '<ul><li>一</li></ul><ol start="3"><li>三</li></ol><blockquote><p>引用</p></blockquote><pre><code>a</code></pre><hr />',
    );
  });

  it('drops scripts, styles and frames with their content, and event handlers, styles and classes', () => {
    const html =
      '<p onclick="alert(1)" style="color:red" class="x">可见</p><script>alert(1)</script>' +
      '<style>p{}</style><iframe src="https://evil.example"></iframe><img src=x onerror=alert(1)>' +
      '<svg><script>alert(2)</script><text>svg</text></svg><noscript>ns</noscript>';
    expect(sanitizeAnnouncementHtml(html)).toBe('<p>可见</p>');
  });

  it('keeps the text of tags outside the list, escaped', () => {
    expect(
      sanitizeAnnouncementHtml(
        '<div><span>一</span><font>二</font></div><table><tr><td>三</td></tr></table>',
      ),
    ).toBe('一二三');
    expect(sanitizeAnnouncementHtml('<p>&lt;img src=x onerror=alert(1)&gt; &amp; 5 &lt; 6</p>')).toBe(
      '<p>&lt;img src=x onerror=alert(1)&gt; &amp; 5 &lt; 6</p>',
    );
  });

  it('links keep http, https and mailto targets only, and always open apart without a referrer', () => {
    expect(
      sanitizeAnnouncementHtml(
        '<a href="https://lintel.example/a?b=1&amp;c=2" target="_self" onclick="x">规范</a>',
      ),
    ).toBe(
      '<a href="https://lintel.example/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer nofollow">规范</a>',
    );
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<b>x</b>',
      'vbscript:x',
      '//evil.example',
    ]) {
      expect(sanitizeAnnouncementHtml(`<a href="${href}">x</a>`)).toBe(
        '<a target="_blank" rel="noopener noreferrer nofollow">x</a>',
      );
    }
    expect(sanitizeAnnouncementHtml('<a href="mailto:pm@lintel.example">信箱</a>')).toContain(
      'href="mailto:pm@lintel.example"',
    );
  });

  it('a list start that is not a number goes', () => {
    expect(sanitizeAnnouncementHtml('<ol start="1;x"><li>a</li></ol>')).toBe('<ol><li>a</li></ol>');
  });

  it('the text of sanitised content: blocks on lines, entities decoded, blank content empty', () => {
    const clean = sanitizeAnnouncementHtml(
      '<h2>标题</h2><p>第一段&nbsp;&amp; 5 &lt; 6</p><ul><li>一</li><li>二</li></ul>',
    );
    expect(announcementText(clean)).toBe('标题\n第一段 & 5 < 6\n一\n二');
    expect(announcementText(sanitizeAnnouncementHtml('<p> </p><script>x</script><p><br></p>'))).toBe('');
  });
});
