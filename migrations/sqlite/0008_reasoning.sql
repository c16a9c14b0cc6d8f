-- Reasoning that came with an assistant message (issue 19): the fields a
-- thinking model sent beside its answer (`reasoning_content`, `reasoning`,
-- `reasoning_details`) and the model that produced them, as JSON. Handed
-- back on later requests exactly as received, because DeepSeek's thinking
-- mode and OpenRouter's Gemini and Claude routes reject a tool-call
-- history without it. Never shown in a room. NULL: the message had none.
ALTER TABLE messages ADD COLUMN reasoning TEXT;
