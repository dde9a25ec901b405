from ...core.bots import RandomBot as GoodBot
