import HeadphonesIcon from '@mui/icons-material/HeadphonesOutlined';
import MenuBookIcon from '@mui/icons-material/MenuBookOutlined';
import MicIcon from '@mui/icons-material/MicNoneOutlined';
import EditNoteIcon from '@mui/icons-material/EditNoteOutlined';
import { Box, Card, CardContent, Container, Grid, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

// The four skills the product measures (SPEC section 1).
const SKILLS: { key: string; icon: ReactNode }[] = [
  { key: 'reading', icon: <MenuBookIcon fontSize="inherit" /> },
  { key: 'writing', icon: <EditNoteIcon fontSize="inherit" /> },
  { key: 'listening', icon: <HeadphonesIcon fontSize="inherit" /> },
  { key: 'speaking', icon: <MicIcon fontSize="inherit" /> },
];

export function SkillsSection() {
  const translate = useTranslate();
  return (
    <Container component="section" aria-labelledby="skills-title" sx={{ py: 8 }}>
      <Typography id="skills-title" variant="h4" component="h2" align="center" gutterBottom>
        {translate('landing.skills_title')}
      </Typography>
      <Typography align="center" color="text.secondary" sx={{ mb: 5 }}>
        {translate('landing.skills_intro')}
      </Typography>
      <Grid container spacing={3}>
        {SKILLS.map(({ key, icon }) => (
          <Grid key={key} size={3}>
            <Card sx={{ height: '100%' }}>
              <CardContent>
                <Box sx={{ color: 'secondary.main', fontSize: 40, mb: 1 }} aria-hidden>
                  {icon}
                </Box>
                <Typography variant="h6" component="h3" gutterBottom>
                  {translate(`landing.${key}`)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {translate(`landing.${key}_text`)}
                </Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Container>
  );
}
