import * as React from 'react';
import { useParams } from 'react-router-dom';
import { PostEditor } from '../../components/PostEditor';

/** knowledge/new and knowledge/:articleId/edit (editors only). */
export default function ArticleEditPage() {
  const { articleId } = useParams();
  return <PostEditor kind="knowledge" id={articleId} />;
}
