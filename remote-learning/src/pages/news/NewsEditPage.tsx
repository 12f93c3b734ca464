import * as React from 'react';
import { useParams } from 'react-router-dom';
import { PostEditor } from '../../components/PostEditor';

/** news/new and news/:newsId/edit (editors only). */
export default function NewsEditPage() {
  const { newsId } = useParams();
  return <PostEditor kind="news" id={newsId} />;
}
