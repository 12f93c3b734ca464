import * as React from 'react';

/**
 * Body of a news item, an article or a lesson. The server sanitizes the HTML on save and on read;
 * here it is only laid out (images and tables never wider than the column).
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  return <div className={`oy-learn-rich${className ? ` ${className}` : ''}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
