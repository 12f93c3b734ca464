// The bare baseline of issue 10 «Speed»: what a team would ship for a login page with React 18.3 and
// antd 6 and nothing else — no router, no state library, no module federation.
import * as React from 'react';
import { createRoot } from 'react-dom/client';
import { Button, Card, ConfigProvider, Form, Input } from 'antd';
import ru_RU from 'antd/locale/ru_RU';

interface Values {
  email: string;
  password: string;
}

function LoginForm() {
  const onFinish = (values: Values) => {
    // The baseline only has to render; sending the form is not part of the comparison.
    console.log('sign in', values.email);
  };
  return (
    <Card title="Вход" style={{ maxWidth: 400, margin: '80px auto' }}>
      <Form<Values> layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item label="Email" name="email" rules={[{ required: true, type: 'email', message: 'Введите email' }]}>
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item label="Пароль" name="password" rules={[{ required: true, message: 'Введите пароль' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block>
          Войти
        </Button>
      </Form>
    </Card>
  );
}

createRoot(document.getElementById('root')!).render(
  <ConfigProvider locale={ru_RU}>
    <LoginForm />
  </ConfigProvider>,
);
