import * as React from 'react';
import { useParams } from 'react-router-dom';
import { PostPage } from '../../components/PostPage';

/** knowledge/:articleId — one article (PostPage); its tags open the knowledge base filtered by them. */
export default function ArticlePage() {
  const { articleId = '' } = useParams();
  return <PostPage kind="knowledge" id={articleId} />;
}
