import { beforeEach, describe, expect, it } from 'vitest';
import { useSettings } from '../../store/settings-store';
import { moveToolSelection, selectedToolFlags, useToolSelection } from './tool-selection';

describe('tool selection per conversation', () => {
  beforeEach(() => {
    useToolSelection.setState({ byConversation: {}, last: [] });
    useSettings.setState({ saveBadgesState: false });
  });

  it('starts off, and a tool turned on is sent for that conversation only', () => {
    expect(selectedToolFlags('c1')).toEqual({
      file_search: false,
      web_search: false,
      execute_code: false,
      image_gen_oai: false,
      image_edit_oai: false,
      gemini_image_gen: false,
    });
    useToolSelection.getState().toggle('c1', 'web_search');
    expect(selectedToolFlags('c1')).toMatchObject({ web_search: true });
    expect(selectedToolFlags('c2')).toMatchObject({ web_search: false });
    useToolSelection.getState().toggle('c1', 'web_search');
    expect(selectedToolFlags('c1')).toMatchObject({ web_search: false });
  });

  it('new conversations start with the last choice only while "save badges state" is on', () => {
    useToolSelection.getState().toggle('c1', 'execute_code');
    expect(selectedToolFlags('fresh')).toMatchObject({ execute_code: false });
    useSettings.setState({ saveBadgesState: true });
    expect(selectedToolFlags('fresh')).toMatchObject({ execute_code: true });
  });

  it('a new chat hands its choice to the conversation the server made, and the next new chat starts off', () => {
    useToolSelection.getState().toggle('new', 'file_search');
    moveToolSelection('new', 'real-id');
    expect(selectedToolFlags('real-id')).toMatchObject({ file_search: true });
    expect(selectedToolFlags('new')).toMatchObject({ file_search: false });
  });

  it('one image switch turns on making and editing pictures', () => {
    useToolSelection.getState().toggle('pictures', 'image_gen_oai');
    expect(selectedToolFlags('pictures')).toMatchObject({ image_gen_oai: true, image_edit_oai: true });
  });
});
